import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { createTestRelay, RELAY_START_TIMEOUT_MS, type TestRelay, type TestRelayOptions } from './testRelay';

/**
 * One relay for a test file: started before its tests and closed after them; sockets passed to `track` are
 * disconnected after each test. Call at the top of the file (it registers the file's hooks).
 */
export function sharedTestRelay(options: TestRelayOptions = {}) {
  let relay: TestRelay | undefined;
  const open: Socket[] = [];
  beforeAll(async () => {
    relay = await createTestRelay(options);
  }, RELAY_START_TIMEOUT_MS);
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await relay?.close();
  }, RELAY_START_TIMEOUT_MS);
  return {
    get relay(): TestRelay {
      if (!relay) throw new Error('the test relay has not started yet');
      return relay;
    },
    track: <T extends Socket>(s: T): T => (open.push(s), s),
  };
}
