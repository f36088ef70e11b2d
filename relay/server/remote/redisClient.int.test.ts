import { createClient } from 'redis';
import { describe, expect, it, vi } from 'vitest';

import { reachable, TEST_REDIS_URL } from '../testing/redis';
import { ADAPTER_CLIENT_OPTIONS } from './redisClient';

/** PUBLISHes `count` messages through a client made with `options` (and one it duplicates); how many timeout signals were made. */
async function timeoutSignalsFor(options: object, count: number): Promise<number> {
  const client = createClient({ url: TEST_REDIS_URL, ...options });
  await client.connect();
  const reader = client.duplicate();
  await reader.connect();
  const made = vi.spyOn(AbortSignal, 'timeout');
  try {
    for (let i = 0; i < count; i++) await client.publish('tern-test:redis-client', `message ${i}`);
    await reader.ping();
    return made.mock.calls.length;
  } finally {
    made.mockRestore();
    await reader.close();
    await client.close();
  }
}

describe("the adapter's Redis client", () => {
  it('sends commands without a timer and signal each (node-redis 6 makes one per command by default), its duplicates too', async (ctx) => {
    if (!(await reachable(TEST_REDIS_URL))) return ctx.skip();
    // The default first: what the options take away.
    expect(await timeoutSignalsFor({}, 20)).toBe(21);
    expect(await timeoutSignalsFor(ADAPTER_CLIENT_OPTIONS, 20)).toBe(0);
  });
});
