import fc from 'fast-check';
import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';

import { BUNDLE_MAX_PACKETS, BUNDLE_SEPARATOR, BundleDecoder, JsonEncoder } from './wireParser';

const decode = (encoded: string[]): Packet => {
  const decoder = new Decoder();
  let packet: Packet | undefined;
  decoder.on('decoded', (p: Packet) => (packet = p));
  for (const part of encoded) decoder.add(part);
  return packet!;
};

/** Any JSON value a Tern payload can hold, with text of any character (lone surrogates, NUL, emoji). */
const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });

const packets = fc.oneof(
  fc.record({
    type: fc.constant(PacketType.EVENT),
    nsp: fc.constantFrom('/', '/cli', '/web'),
    data: fc.tuple(fc.string(), json),
    id: fc.option(fc.nat(), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant(PacketType.ACK),
    nsp: fc.constantFrom('/cli', '/web'),
    data: fc.tuple(json),
    id: fc.nat(),
  }),
  fc.record({
    type: fc.constantFrom(PacketType.CONNECT, PacketType.CONNECT_ERROR),
    nsp: fc.constantFrom('/', '/cli', '/web'),
    data: fc.option(fc.dictionary(fc.string(), json), { nil: undefined }),
  }),
  fc.record({ type: fc.constant(PacketType.DISCONNECT), nsp: fc.constantFrom('/', '/cli', '/web') }),
);

describe('wireParser JsonEncoder', () => {
  it('writes every packet without binary data exactly as socket.io-parser does', () => {
    const theirs = new Encoder();
    const ours = new JsonEncoder();
    fc.assert(
      fc.property(packets, (packet) => {
        expect(ours.encode(packet as Packet)).toEqual(theirs.encode(packet as Packet));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips through socket.io-parser’s decoder', () => {
    const ours = new JsonEncoder();
    const packet: Packet = {
      type: PacketType.EVENT,
      nsp: '/web',
      id: 7,
      data: ['session:input', { sessionId: 's', clientMsgId: 'm', text: 'héllo \u0000 \ud800 😀' }],
    };
    const [text] = ours.encode(packet);
    expect(text).toBe('2/web,7["session:input",{"sessionId":"s","clientMsgId":"m","text":"héllo \\u0000 \\ud800 😀"}]');
    expect(decode([text!])).toEqual(packet);
    expect(decode(ours.encode({ type: PacketType.ACK, nsp: '/cli', id: 0, data: [{ ok: true, seq: 3 }] }))).toEqual({
      type: PacketType.ACK,
      nsp: '/cli',
      id: 0,
      data: [{ ok: true, seq: 3 }],
    });
  });

  it('passes its replacer to JSON.stringify, as socket.io-parser does', () => {
    const replacer = (_key: string, value: unknown) => (typeof value === 'number' ? value + 1 : value);
    const packet: Packet = { type: PacketType.EVENT, nsp: '/', data: ['n', { a: 1 }] };
    expect(new JsonEncoder(replacer).encode(packet)).toEqual(new Encoder(replacer).encode(packet));
  });

  it('sends a Buffer handed to it by mistake as its JSON form, not as an attachment', () => {
    const [text] = new JsonEncoder().encode({ type: PacketType.EVENT, nsp: '/cli', data: ['x', Buffer.from([1, 2])] });
    expect(text).toBe('2/cli,["x",{"type":"Buffer","data":[1,2]}]');
  });
});

describe('wireParser BundleDecoder', () => {
  /** Every packet the decoder emits for these messages, in order. */
  const decodeAll = (messages: string[]): Packet[] => {
    const decoder = new BundleDecoder();
    const out: Packet[] = [];
    decoder.on('decoded', (p: Packet) => out.push(p));
    for (const message of messages) decoder.add(message);
    return out;
  };
  const encoder = new JsonEncoder();
  const encode = (packet: Packet) => encoder.encode(packet)[0]!;

  it('never finds the separator inside one packet, whatever its text holds', () => {
    fc.assert(
      fc.property(packets, (packet) => {
        expect(encode(packet as Packet)).not.toContain(BUNDLE_SEPARATOR);
      }),
      { numRuns: 2000 },
    );
    expect(encode({ type: PacketType.EVENT, nsp: '/web', data: ['x', { text: 'a\u001eb' }] })).toBe('2/web,["x",{"text":"a\\u001eb"}]');
  });

  it('decodes a bundle into the packets it holds, in order, as if each had come alone', () => {
    fc.assert(
      fc.property(fc.array(packets, { minLength: 1, maxLength: 8 }), (list) => {
        const texts = list.map((p) => encode(p as Packet));
        expect(decodeAll([texts.join(BUNDLE_SEPARATOR)])).toEqual(decodeAll(texts));
        expect(decodeAll(texts)).toEqual(list.map((p) => decode([encode(p as Packet)])));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a bundle with a packet that is not one, an empty packet, or too many packets, after taking those before', () => {
    const good = encode({ type: PacketType.ACK, nsp: '/cli', id: 1, data: [{ ok: true }] });
    const taken: Packet[] = [];
    const decoder = new BundleDecoder();
    decoder.on('decoded', (p: Packet) => taken.push(p));
    expect(() => decoder.add(`${good}${BUNDLE_SEPARATOR}9nonsense`)).toThrow();
    expect(taken).toHaveLength(1);
    expect(() => decodeAll([`${good}${BUNDLE_SEPARATOR}`])).toThrow(/empty/);
    expect(() => decodeAll([`${BUNDLE_SEPARATOR}${good}`])).toThrow(/empty/);
    const most = Array<string>(BUNDLE_MAX_PACKETS).fill(good);
    expect(decodeAll([most.join(BUNDLE_SEPARATOR)])).toHaveLength(BUNDLE_MAX_PACKETS);
    expect(() => decodeAll([[...most, good].join(BUNDLE_SEPARATOR)])).toThrow(/more than/);
    // A flood of one-byte CONNECT packets stops at the cap.
    expect(() => decodeAll([Array<string>(100_000).fill('0').join(BUNDLE_SEPARATOR)])).toThrow(/more than/);
  });
});
