import { randomBytes } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEB_NAMESPACE } from '../../protocol';
import { createTestPostgres, type TestPostgres } from '../testing/postgres';
import { reachable, TEST_REDIS_URL } from '../testing/redis';
import { createTestRelay, RELAY_START_TIMEOUT_MS } from '../testing/testRelay';

/**
 * A stand-in for a Redis that stops answering without closing its connections (a hung server, a network that drops
 * packets): a TCP proxy to the real Redis that, once frozen, passes nothing either way and keeps every connection open.
 */
async function freezableProxy(target: URL): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  let frozen = false;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => undefined);
      s.on('close', () => open.delete(s));
    }
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => void (frozen = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let pg: TestPostgres | null = null;

beforeAll(async () => {
  if (await reachable(TEST_REDIS_URL)) pg = await createTestPostgres();
}, RELAY_START_TIMEOUT_MS);
afterAll(async () => {
  await pg?.drop();
});

describe('a relay whose Redis stops answering', () => {
  it('still closes: the commands left waiting hold its close 2 s at most', async (ctx) => {
    if (!pg) return ctx.skip();
    const proxy = await freezableProxy(new URL(TEST_REDIS_URL));
    try {
      const relay = await createTestRelay({
        databaseUrl: pg.url,
        env: { REDIS_URL: proxy.url, JWT_SECRET: randomBytes(32).toString('hex') },
      });
      proxy.freeze();
      // Messages to the other nodes now wait for an answer that never comes (the node bus's and the adapter's PUBLISHes).
      const web = relay.app.remote.io.of(WEB_NAMESPACE);
      for (let i = 0; i < 5; i++) relay.app.remote.nodes.emit('remote:fanout', { live: [], stored: [] });
      for (let i = 0; i < 5; i++) web.serverSideEmit('remote:fanout', { live: [], stored: [] });
      const start = Date.now();
      await relay.close();
      // Without a bound the close waited for those commands for as long as the connection stayed open (forever here).
      expect(Date.now() - start).toBeLessThan(8_000);
    } finally {
      await proxy.close();
    }
  }, 30_000);
});
