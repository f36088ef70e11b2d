// The real IndexedDB code (idb-keyval) on fake-indexeddb, an in-memory implementation of the IndexedDB API.
import 'fake-indexeddb/auto';

import { createStore, entries, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { clearOutbox, createOutbox } from './outbox';

const SID = '00000000-0000-4000-8000-0000000000bb';
const OTHER_SID = '00000000-0000-4000-8000-0000000000cc';
let dbCount = 0;
/** A fresh database per test; `open()` is a new connection to it, as a reload or another tab would have. */
function database() {
  const name = `outbox-test-${++dbCount}`;
  return { name, open: () => createStore(name, 'outbox') };
}
const entry = (clientMsgId: string, text = `text of ${clientMsgId}`, sessionId = SID) => ({ clientMsgId, sessionId, text });

afterEach(() => {
  vi.useRealTimers();
});

describe('durable outbox (IndexedDB)', () => {
  it('lists entries oldest first, also when they were added within the same millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T04:00:00Z') });
    const db = database();
    const outbox = createOutbox('u1', db.open());
    for (const id of ['c', 'a', 'b', 'd']) await outbox.add(entry(id));
    expect((await outbox.list()).map((e) => e.clientMsgId)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('holds a message once, however often it is added', async () => {
    const db = database();
    const outbox = createOutbox('u1', db.open());
    await outbox.add(entry('m1', 'first'));
    await outbox.add(entry('m1', 'first'));
    await outbox.add(entry('m2'));
    await outbox.add(entry('m1', 'first'));
    expect(await outbox.list()).toEqual([entry('m1', 'first'), entry('m2')]);
    // After a reopen the same clientMsgId is still recognised.
    const reopened = createOutbox('u1', db.open());
    await reopened.list();
    await reopened.add(entry('m1', 'first'));
    expect((await entries(db.open())).length).toBe(2);
  });

  it('survives a reopen (a reload or a killed tab): the entries, their order, and what was removed', async () => {
    const db = database();
    const first = createOutbox('u1', db.open());
    await first.add(entry('m1'));
    await first.add(entry('m2', 'zwei', OTHER_SID));
    await first.add(entry('m3'));
    await first.remove(['m2']);
    const second = createOutbox('u1', db.open());
    expect(await second.list()).toEqual([entry('m1'), entry('m3')]);
    // Written after the reopen, a new entry goes after the restored ones.
    await second.add(entry('m4'));
    expect((await createOutbox('u1', db.open()).list()).map((e) => e.clientMsgId)).toEqual(['m1', 'm3', 'm4']);
  });

  it('removes an entry another tab wrote (not read by this page yet)', async () => {
    const db = database();
    await createOutbox('u1', db.open()).add(entry('from-other-tab'));
    const here = createOutbox('u1', db.open());
    await here.remove(['from-other-tab']);
    expect(await createOutbox('u1', db.open()).list()).toEqual([]);
  });

  it('keeps each user to their own entries', async () => {
    const db = database();
    const alice = createOutbox('alice', db.open());
    const bob = createOutbox('bob', db.open());
    await alice.add(entry('a1'));
    await bob.add(entry('b1'));
    await alice.add(entry('a2'));
    expect((await alice.list()).map((e) => e.clientMsgId)).toEqual(['a1', 'a2']);
    expect((await bob.list()).map((e) => e.clientMsgId)).toEqual(['b1']);
    await bob.remove(['a1']);
    expect((await alice.list()).map((e) => e.clientMsgId)).toEqual(['a1', 'a2']);
  });

  it('is empty after the sign-out clears it', async () => {
    const db = database();
    const store = db.open();
    await createOutbox('u1', store).add(entry('m1'));
    await createOutbox('u2', store).add(entry('m2'));
    await clearOutbox(store);
    expect(await createOutbox('u1', db.open()).list()).toEqual([]);
    expect(await createOutbox('u2', db.open()).list()).toEqual([]);
  });

  it('reads stored data back through the protocol schema: anything invalid is deleted, the rest still goes out', async () => {
    const db = database();
    const store = db.open();
    const good = createOutbox('u1', store);
    await good.add(entry('ok-1'));
    const planted: Array<[IDBValidKey, unknown]> = [
      ['not-a-tuple', { sessionId: SID, clientMsgId: 'x', text: 'x', order: 1 }],
      [['u1', 2, 'bad-session'], { sessionId: 'not-a-uuid', clientMsgId: 'bad-session', text: 'x', order: 2 }],
      [['u1', 3, 'nul\u0000id'], { sessionId: SID, clientMsgId: 'nul\u0000id', text: 'x', order: 3 }],
      [['u1', 4, 'too-long'], { sessionId: SID, clientMsgId: 'too-long', text: 'x'.repeat(1_000_000), order: 4 }],
      [['u1', 5, 'key-mismatch'], { sessionId: SID, clientMsgId: 'other', text: 'x', order: 5 }],
      [['u1', 6, 'no-text'], { sessionId: SID, clientMsgId: 'no-text', order: 6 }],
      [['u1', 7, 'null'], null],
      [['u2', 8, 'other-user'], { sessionId: SID, clientMsgId: 'other-user', text: 'kept for u2', order: 8 }],
    ];
    for (const [key, value] of planted) await set(key, value, store);
    await good.add(entry('ok-2'));

    expect((await createOutbox('u1', db.open()).list()).map((e) => e.clientMsgId)).toEqual(['ok-1', 'ok-2']);
    const left = (await entries(db.open())).map(([key]) => JSON.stringify(key));
    expect(left).toHaveLength(3);
    expect(left.some((k) => k.includes('other-user'))).toBe(true);
    // Free text is read back as the protocol stores it (a NUL in a message shows as ␀).
    await good.add(entry('ok-3', 'a\u0000b'));
    expect((await good.list()).at(-1)).toEqual(entry('ok-3', 'a\u2400b'));
  });
});
