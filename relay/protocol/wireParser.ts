/**
 * Socket.IO's packet parser as Tern's relay, CLI and PWA use it (the `parser` option of the server and the clients):
 * socket.io-parser's, with an encoder that skips its search for binary data.
 *
 * socket.io-parser's `Encoder.encode` walks every event and ack it sends, each array and object of the payload and each
 * object's keys, looking for Buffers, ArrayBuffers and Blobs to send as attachments (its `hasBinary`). Tern's protocol
 * has none: every payload is JSON, validated by the schemas in this folder, which accept no binary value. So the walk
 * always finds nothing; counted under callgrind (tests/bench/instructions.ts) it was 1.8 % of the relay's round trip.
 * This encoder writes the packet as socket.io-parser writes a packet without binary data: the same string, byte for
 * byte (wireParser.test.ts compares the two).
 *
 * Decoding is socket.io-parser's own: a peer that sends binary attachments anyway gets them decoded as before, and
 * refused by the schemas (BAD_REQUEST), not misread.
 *
 * A Buffer handed to `emit` by mistake would go as its JSON form (`{ type: 'Buffer', data: [...] }`) rather than as an
 * attachment: the schemas of the other side refuse it.
 *
 * Bundles: the decoder also takes several packets in one WebSocket message, separated by BUNDLE_SEPARATOR, and decodes
 * them in order as if each had come alone. The relay sends such messages only to a client that asked for them in its
 * connection's query (WIRE_QUERY), so an older PWA or CLI, whose decoder would not split them, never gets one
 * (relay/server/remote/writeCoalescing.ts); the CLI sends them only to a relay whose `cli:hello` ack says it takes
 * them (relay/cli/writeCoalescing.ts). bundles.ts makes them.
 */
import { Decoder, type Packet, PacketType, protocol } from 'socket.io-parser';

type Replacer = (this: unknown, key: string, value: unknown) => unknown;

/** Encodes packets as socket.io-parser encodes a packet without binary data (`encodeAsString`). */
export class JsonEncoder {
  constructor(private readonly replacer?: Replacer) {}

  encode(packet: Packet): string[] {
    let text = String(packet.type);
    if (packet.type === PacketType.BINARY_EVENT || packet.type === PacketType.BINARY_ACK) text += `${packet.attachments}-`;
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += packet.id;
    if (packet.data != null) text += JSON.stringify(packet.data, this.replacer);
    return [text];
  }
}

/**
 * What separates the packets of a bundle: ASCII's record separator, as in engine.io's own long-polling payloads. No
 * packet holds it: JSON.stringify writes every control character as an escape (`\u001e`), and a packet's header is
 * its type, attachment count, namespace and id.
 */
export const BUNDLE_SEPARATOR = '\x1e';

/** The query parameter (and its value) a client adds to its connection to take bundles. */
export const WIRE_QUERY = { wire: 'bundles' } as const;

/**
 * The most packets one bundle holds. A bundle costs its sender one byte per packet more than the packets, where a
 * message of its own costs a WebSocket frame and engine.io's type: the cap keeps a hostile client from making the
 * relay decode (and answer) a million one-byte packets from one message.
 */
export const BUNDLE_MAX_PACKETS = 1000;

/**
 * socket.io-parser's decoder, which also takes bundles: each packet of one is decoded in turn, as if sent alone. A
 * bundle with an empty packet (no encoder writes one) or more than BUNDLE_MAX_PACKETS is refused, as an undecodable
 * message is: the packets before the fault were taken, and the connection is closed.
 */
export class BundleDecoder extends Decoder {
  override add(chunk: unknown): void {
    if (typeof chunk !== 'string') return super.add(chunk);
    let end = chunk.indexOf(BUNDLE_SEPARATOR);
    if (end < 0) return super.add(chunk);
    let start = 0;
    for (let count = 1; ; count++) {
      if (count > BUNDLE_MAX_PACKETS) throw new Error(`A bundle holds more than ${BUNDLE_MAX_PACKETS} packets`);
      const packet = end < 0 ? chunk.slice(start) : chunk.slice(start, end);
      if (packet === '') throw new Error('A bundle holds an empty packet');
      super.add(packet);
      if (end < 0) return;
      start = end + 1;
      end = chunk.indexOf(BUNDLE_SEPARATOR, start);
    }
  }
}

/** The `parser` option for `new Server(…)` and `io(…)`. */
export const wireParser = { protocol, PacketType, Encoder: JsonEncoder, Decoder: BundleDecoder };
