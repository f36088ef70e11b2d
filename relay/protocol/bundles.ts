/**
 * Bundles (relay/protocol/wireParser.ts): the packets one turn queues for a connection, sent as one WebSocket message
 * rather than one each, for a peer whose decoder splits them. Node only, like turnFlush.ts: the relay bundles what it
 * sends to clients that asked (relay/server/remote/writeCoalescing.ts), the CLI what it sends to a relay that said it
 * takes them in its `cli:hello` ack (relay/cli/writeCoalescing.ts).
 */
import { BUNDLE_MAX_PACKETS, BUNDLE_SEPARATOR } from './wireParser';

/** A packet in engine.io's write buffer: a Socket.IO packet, encoded, is a `message` with its text as data. */
export interface EnginePacket {
  type: string;
  data?: unknown;
  options?: { compress?: boolean; wsPreEncoded?: string; wsPreEncodedFrame?: unknown };
}

/**
 * The most text one bundle gathers: a turn that queues a lot (a replay's batches) goes out as several WebSocket
 * messages of this size rather than one of everything. At most 192 KiB in UTF-8 (3 bytes per UTF-16 unit), far below
 * the 2 MiB a message to the relay may hold (remoteHub.ts `maxHttpBufferSize`); one packet larger than this goes alone.
 */
export const BUNDLE_MAX_CHARS = 64 * 1024;

/**
 * A turn's packets as bundles: each run of consecutive text messages becomes one message, so the two ends' WebSocket
 * and engine.io layers handle one message, not one per packet (a commit's acks, an input's ack riding with the next
 * live copy, a command's ack with the event answering it). Other packets (engine.io's pings, binary data) keep their
 * place between runs, so the order is unchanged. A bundle holds BUNDLE_MAX_CHARS of text and BUNDLE_MAX_PACKETS
 * packets at most. A merged packet drops any frame Socket.IO pre-encoded for one of them.
 */
export function bundleMessages(buffer: EnginePacket[]): EnginePacket[] {
  const out: EnginePacket[] = [];
  let run: EnginePacket[] = [];
  let chars = 0;
  const close = () => {
    if (run.length === 1) out.push(run[0]!);
    else if (run.length > 1) {
      const data = run.map((packet) => packet.data as string).join(BUNDLE_SEPARATOR);
      out.push({ type: 'message', data, options: { compress: run.every((packet) => packet.options?.compress !== false) } });
    }
    run = [];
    chars = 0;
  };
  for (const packet of buffer) {
    if (packet.type !== 'message' || typeof packet.data !== 'string') {
      close();
      out.push(packet);
      continue;
    }
    if (chars + packet.data.length > BUNDLE_MAX_CHARS || run.length === BUNDLE_MAX_PACKETS) close();
    run.push(packet);
    chars += packet.data.length;
  }
  close();
  return out;
}
