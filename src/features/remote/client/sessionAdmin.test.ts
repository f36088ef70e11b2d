import { describe, expect, it } from 'vitest';

import type { Session } from '#protocol/remote';

import { IID, instance, joined, session, setup, SID, tick } from './storeTestRig';

type Relay = (event: string, payload: Record<string, unknown>) => unknown;
/** The few answers these tests need from the relay. */
const relay: Relay = (event) => {
  if (event === 'instances:list') return { ok: true, instances: [instance] };
  if (event === 'instance:attach') return { ok: true, instance, sessions: [session] };
  if (event === 'session:join') return { ok: true, session };
  return { ok: true };
};

const joinedWith = (handler?: (event: string, payload: Record<string, unknown>, base: Relay) => unknown) =>
  joined(setup((event, payload) => (handler ? handler(event, payload, relay) : relay(event, payload))));

/** The store's session management (client/sessionAdmin.ts) against the stand-in relay of storeTestRig. */
describe('remote store, session management', () => {
  const other: Session = { ...session, id: '00000000-0000-4000-8000-0000000000cc', title: 'Other' };

  it('renames and chooses a model with the session the relay answers', async () => {
    const { store, socket } = await joinedWith((event, payload, relay) => {
      if (event === 'session:rename') return { ok: true, session: { ...session, title: payload.title } };
      if (event === 'session:model') return { ok: true, session: { ...session, model: payload.model } };
      return relay(event, payload);
    });
    expect(await store.renameSession(SID, 'Launch prep')).toBe(true);
    expect(socket.requests.at(-1)).toEqual({ event: 'session:rename', payload: { sessionId: SID, title: 'Launch prep' } });
    expect(store.getState().sessions[IID]!.find((s) => s.id === SID)!.title).toBe('Launch prep');
    expect(await store.chooseModel(SID, 'big')).toBe(true);
    expect(store.getState().sessions[IID]!.find((s) => s.id === SID)!.model).toBe('big');
  });

  it('shows a refusal as the problem and changes nothing', async () => {
    const { store } = await joinedWith((event, payload, relay) =>
      event === 'session:model' ? { ok: false, error: { code: 'BAD_REQUEST', message: 'not offered' } } : relay(event, payload),
    );
    expect(await store.chooseModel(SID, 'gpt-5')).toBe(false);
    expect(store.getState().problem).toEqual({ kind: 'refused', code: 'BAD_REQUEST', message: 'not offered' });
    expect(store.getState().sessions[IID]!.find((s) => s.id === SID)!.model).toBeUndefined();
  });

  it('a delete (here, or pushed from another window) takes the session out and closes it when open', async () => {
    const { store, socket } = await joinedWith();
    socket.fire('session:updated', { session: other });
    expect(
      store
        .getState()
        .sessions[IID]!.map((s) => s.id)
        .sort(),
    ).toEqual([SID, other.id].sort());
    expect(await store.deleteSession(IID, other.id)).toBe(true);
    expect(store.getState().sessions[IID]!.map((s) => s.id)).toEqual([SID]);
    expect(store.getState().currentSessionId).toBe(SID);

    socket.drop();
    store.send('never sent');
    expect(store.getState().queue).toHaveLength(1);
    socket.fire('session:deleted', { instanceId: IID, sessionId: SID });
    expect(store.getState().queue).toEqual([]);
    await tick();
    expect(store.getState().sessions[IID]).toEqual([]);
    expect(store.getState().currentSessionId).toBeNull();
    expect(store.getState().logs[SID]).toBeUndefined();
    // A malformed push is dropped.
    socket.fire('session:deleted', { instanceId: IID, sessionId: 'not a uuid' });
  });

  it('an already deleted session (NOT_FOUND) counts as deleted; searching answers the relay’s ids', async () => {
    const { store } = await joinedWith((event, payload, relay) => {
      if (event === 'session:delete') return { ok: false, error: { code: 'NOT_FOUND', message: 'Session not found' } };
      if (event === 'sessions:search') return { ok: true, sessionIds: [SID] };
      return relay(event, payload);
    });
    expect(await store.searchContent(IID, 'checklist')).toEqual([SID]);
    expect(await store.searchContent(IID, '   ')).toBeNull();
    expect(await store.deleteSession(IID, SID)).toBe(true);
    expect(store.getState().problem).toBeNull();
    expect(store.getState().sessions[IID]).toEqual([]);
  });
});
