import { randomUUID } from 'node:crypto';

import fc from 'fast-check';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';

import type { LiveSessionEvent } from '../../protocol';
import { reachable, TEST_REDIS_URL } from '../testing/redis';
import { waitFor } from '../testing/remoteClients';
import type { WebNamespace } from './namespaces';
import { createRedisNodeBus, type NodeBus } from './nodeBus';
import { ADAPTER_CLIENT_OPTIONS } from './redisClient';

/** What a node's log got (warnings and errors), by message. */
function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at = (level: string) => (_data: unknown, msg: string) => void lines.push({ level, msg });
  const log = { warn: at('warn'), error: at('error'), debug: at('debug'), info: at('info') } as never;
  return { log, lines };
}

/** The part of a `/web` namespace the bus uses: serverSideEmit listeners (an earlier release's messages), kept here. */
function fakeWeb() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const web = { on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener) } as unknown as WebNamespace;
  return { web, listeners };
}

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A node's bus on its own publishing client, on `channel`. */
async function node(channel: string) {
  const client = createClient({ url: TEST_REDIS_URL, ...ADAPTER_CLIENT_OPTIONS });
  await client.connect();
  const { log, lines } = recordingLog();
  const { web, listeners } = fakeWeb();
  const bus = await createRedisNodeBus(client, web, log, channel);
  opened.push(async () => {
    bus.close();
    await client.close();
  });
  return { bus, client, lines, listeners };
}

const live = (text: string, n = 0): LiveSessionEvent => ({
  sessionId: randomUUID(),
  eventId: randomUUID(),
  at: new Date(n).toISOString(),
  body: { type: 'assistant_message', messageId: `m${n}`, text },
});

describe('the node bus (Redis Pub/Sub between relay nodes)', () => {
  it('carries every string as it was (NUL, lone surrogates, emoji), in order, to the other nodes and not back to the sender', async (ctx) => {
    if (!(await reachable(TEST_REDIS_URL))) return ctx.skip();
    const channel = `tern-test:nodes:${randomUUID()}`;
    const [a, b] = [await node(channel), await node(channel)];
    const heardByA: LiveSessionEvent[] = [];
    const heardByB: LiveSessionEvent[] = [];
    a.bus.on('remote:session-live', (event) => heardByA.push(event));
    b.bus.on('remote:session-live', (event) => heardByB.push(event));
    const texts = fc.sample(fc.string({ unit: 'binary', maxLength: 200 }), 300);
    texts.push('\u0000', '\ud800', 'a\udc00b', '😀', '\u2028\u2029', '', ' ', '{"not":"a frame"}');
    const sent = texts.map((text, n) => live(text, n));
    for (const event of sent) a.bus.emit('remote:session-live', event);
    await waitFor(() => heardByB.length === sent.length, 5000, 'every message at node B');
    expect(heardByB).toEqual(sent);
    // B answers once; A hears that one message and none of its own.
    b.bus.emit('remote:session-live', sent[0]!);
    await waitFor(() => heardByA.length === 1, 5000, 'the answer at node A');
    await new Promise((r) => setTimeout(r, 50));
    expect(heardByA).toEqual([sent[0]]);
    expect(heardByB).toHaveLength(sent.length);
  });

  it('drops a malformed message with a warning, and a failing handler stops neither the others nor the next messages', async (ctx) => {
    if (!(await reachable(TEST_REDIS_URL))) return ctx.skip();
    const channel = `tern-test:nodes:${randomUUID()}`;
    const [a, b] = [await node(channel), await node(channel)];
    const heard: string[] = [];
    b.bus.on('remote:lease-lost', (id) => {
      if (id === 'boom') throw new Error('a handler failed');
    });
    b.bus.on('remote:lease-lost', (id) => heard.push(id));
    for (const raw of ['no frame', 'x {not json', 'x {"an":"object"}', 'x ["one"]', 'x [1, 2]', ' ["remote:lease-lost","no id"]'])
      await a.client.publish(channel, raw);
    a.bus.emit('remote:lease-lost', 'boom');
    a.bus.emit('remote:lease-lost', 'after');
    await waitFor(() => heard.includes('after'), 5000, 'the message after the bad ones');
    expect(heard).toEqual(['boom', 'after']);
    expect(b.lines.filter((l) => l.msg === 'remote: malformed message from another node dropped')).toHaveLength(6);
    expect(b.lines.filter((l) => l.msg === 'remote: a handler of a message from another node failed')).toHaveLength(1);
  });

  it("hands a message from a node of an earlier release (the adapter's serverSideEmit) to the same handlers", async (ctx) => {
    if (!(await reachable(TEST_REDIS_URL))) return ctx.skip();
    const a = await node(`tern-test:nodes:${randomUUID()}`);
    const heard: string[] = [];
    const first = (id: string) => heard.push(`first ${id}`);
    a.bus.on('remote:lease-lost', first);
    a.bus.on('remote:lease-lost', (id) => heard.push(`second ${id}`));
    a.listeners.get('remote:lease-lost')!('i1');
    a.bus.off('remote:lease-lost', first);
    a.listeners.get('remote:lease-lost')!('i2');
    expect(heard).toEqual(['first i1', 'second i1', 'second i2']);
    expect(a.bus.listeners('remote:lease-lost')).toHaveLength(1);
  });

  it('never throws at the sender: a payload JSON cannot carry is logged, a message after close is dropped', async (ctx) => {
    if (!(await reachable(TEST_REDIS_URL))) return ctx.skip();
    const a = await node(`tern-test:nodes:${randomUUID()}`);
    const bus: NodeBus = a.bus;
    expect(() => bus.emit('remote:lease-lost', 10n as never)).not.toThrow();
    expect(a.lines.map((l) => l.msg)).toContain('remote: message to the other nodes failed');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      a.bus.close();
      await a.client.close();
      expect(() => bus.emit('remote:lease-lost', 'late')).not.toThrow();
      await new Promise((r) => setTimeout(r, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      opened.length = 0;
    }
  });
});
