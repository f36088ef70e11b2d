// @vitest-environment jsdom
// The real IndexedDB code (idb-keyval) on fake-indexeddb, an in-memory implementation of the IndexedDB API.
import 'fake-indexeddb/auto';

import { createStore, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';

const SID = '00000000-0000-4000-8000-0000000000bb';

describe('console data on this device and sign-out', () => {
  it('clears the cache and the outbox on first use after a sign-out that happened while the console was not loaded', async () => {
    // A previous user's data, then a sign-out from another page of the site (only the timestamp is left).
    await set('tern.remote.u1.selection', { instanceId: null, sessionId: SID }, createStore('tern-remote', 'cache'));
    await set(
      ['u1', 1, 'm1'],
      { sessionId: SID, clientMsgId: 'm1', text: 'secret', order: 1 },
      createStore('tern-remote-outbox', 'outbox'),
    );
    const { clearAuth } = await import('../../../shared/auth/session');
    clearAuth();

    vi.resetModules();
    const { idbOutbox, idbRemoteCache } = await import('./idbCache');
    expect(await idbRemoteCache().get('tern.remote.u1.selection')).toBeUndefined();
    expect(await idbOutbox('u1').list()).toEqual([]);

    // What is written afterwards stays (the sign-out is cleared once, not on every visit).
    await idbOutbox('u2').add({ clientMsgId: 'm2', sessionId: SID, text: 'new user' });
    vi.resetModules();
    const again = await import('./idbCache');
    expect(await again.idbOutbox('u2').list()).toEqual([{ clientMsgId: 'm2', sessionId: SID, text: 'new user' }]);
  });
});
