import { describe, expect, it } from 'vitest';

import type { StoredNotice } from '#protocol/remote';

import { INPUT_ANSWER_TIMEOUT_MS } from './sessionActions';
import { ev, joined, session, setup, SID, tick } from './storeTestRig';

/**
 * Input notices (relay/protocol/inputNotices.ts) in the console's store: a relay whose join ack says `inputNotices`
 * gets the session's input without an ack, one at a time; the input's own notice (or its stored copy, or
 * `session:refused`) answers it.
 */
function rig() {
  return setup((event, payload, relay) => {
    if (event === 'session:join') {
      relay(event, payload);
      return { ok: true, session, inputNotices: true };
    }
    return relay(event, payload);
  });
}

/** The own notice of the n-th input the window sent, stored with `seq`. */
const ownNotice = (clientMsgId: string, seq: number): StoredNotice => ({
  eventId: `00000000-0000-4000-9000-${String(seq).padStart(12, '0')}`,
  seq,
  at: '2026-01-01T00:00:01Z',
  clientMsgId,
});

describe('remote store: input notices', () => {
  it('sends input without an ack, one at a time; its own notice makes it a stored message and sends the next', async () => {
    const r = await joined(rig());
    expect(r.socket.requests.find((q) => q.event === 'session:join')!.payload).toMatchObject({ inputNotices: true });
    const first = r.store.send('one')!;
    const second = r.store.send('two')!;
    await tick();
    expect(r.socket.notified).toEqual([{ sessionId: SID, clientMsgId: first, text: 'one' }]);
    expect(r.socket.requests.filter((q) => q.event === 'session:input')).toEqual([]);
    expect(r.store.getState().queue.map((q) => q.status)).toEqual(['sending', 'queued']);
    // The answer rides in a live copy's stored copies (or a session:events): the user message, built from the outbox.
    r.socket.fire('session:events', { sessionId: SID, events: [], notices: [ownNotice(first, 1)] });
    await tick();
    expect(r.store.getState().logs[SID]!.events).toEqual([
      {
        sessionId: SID,
        seq: 1,
        eventId: ownNotice(first, 1).eventId,
        at: '2026-01-01T00:00:01Z',
        body: { type: 'user_message', clientMsgId: first, text: 'one' },
      },
    ]);
    expect(r.socket.notified.map((n) => n.clientMsgId)).toEqual([first, second]);
    expect(r.store.getState().queue.map((q) => [q.clientMsgId, q.status])).toEqual([[second, 'sending']]);
    // Whole (a replay's), the stored copy answers it too.
    r.socket.fire('session:event', { ...ev(2), body: { type: 'user_message', clientMsgId: second, text: 'two' } });
    await tick();
    expect(r.store.getState().queue).toEqual([]);
    expect(r.store.getState().logs[SID]!.events.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('a stored copy that comes before the own notice settles the input; the notice then changes nothing', async () => {
    const r = await joined(rig());
    const id = r.store.send('again')!;
    await tick();
    const stored = { ...ev(1), body: { type: 'user_message' as const, clientMsgId: id, text: 'again' } };
    r.socket.fire('session:live', { ...stored, seq: undefined, stored: { sessionId: SID, events: [stored], notices: [] } });
    await tick();
    r.socket.fire('session:events', { sessionId: SID, events: [], notices: [{ ...ownNotice(id, 1), eventId: stored.eventId }] });
    await tick();
    expect(r.store.getState().queue).toEqual([]);
    expect(r.store.getState().logs[SID]!.events).toHaveLength(1);
  });

  it('session:refused fails the input with the relay’s message and the next one goes', async () => {
    const r = await joined(rig());
    const first = r.store.send('refused')!;
    const second = r.store.send('next')!;
    await tick();
    r.socket.fire('session:refused', { sessionId: SID, clientMsgId: first, error: { code: 'WORKSPACE_LOST', message: 'Workspace lost' } });
    // One for an input not in flight, or without ids, changes nothing. (WORKSPACE_LOST: a code this page does not
    // know, as from a newer relay: still a refusal, with its message.)
    r.socket.fire('session:refused', { clientMsgId: second, error: { code: 'INTERNAL', message: 'x' } });
    r.socket.fire('session:refused', { sessionId: SID, clientMsgId: 'other', error: { code: 'INTERNAL', message: 'x' } });
    await tick();
    expect(r.store.getState().queue).toEqual([
      { clientMsgId: first, sessionId: SID, text: 'refused', status: 'failed', error: 'Workspace lost' },
      { clientMsgId: second, sessionId: SID, text: 'next', status: 'sending' },
    ]);
    expect(r.socket.notified.map((n) => n.clientMsgId)).toEqual([first, second]);
  });

  it('unanswered, an input is sent again with the same clientMsgId; after a reconnect too', async () => {
    const r = await joined(rig());
    const id = r.store.send('lost?')!;
    await tick();
    const timer = r.timers.filter((t) => t.ms === INPUT_ANSWER_TIMEOUT_MS).at(-1)!;
    timer.fn();
    await tick();
    expect(r.socket.notified.map((n) => n.clientMsgId)).toEqual([id, id]);
    r.socket.drop();
    await tick();
    expect(r.store.getState().queue.map((q) => q.status)).toEqual(['queued']);
    // The timer of the send before the drop finds nothing in flight: no extra send.
    r.timers
      .filter((t) => t.ms === INPUT_ANSWER_TIMEOUT_MS)
      .at(-1)!
      .fn();
    r.socket.up();
    for (let i = 0; i < 8; i++) await tick();
    expect(r.socket.notified.map((n) => n.clientMsgId)).toEqual([id, id, id]);
    r.socket.fire('session:events', { sessionId: SID, events: [], notices: [ownNotice(id, 1)] });
    await tick();
    expect(r.store.getState().queue).toEqual([]);
  });

  it('a relay whose join ack does not say inputNotices gets input with an ack, as before', async () => {
    const r = await joined(setup());
    r.store.send('acked');
    await tick();
    await tick();
    expect(r.socket.notified).toEqual([]);
    expect(r.socket.requests.filter((q) => q.event === 'session:input')).toHaveLength(1);
    expect(r.store.getState().queue).toEqual([]);
  });
});
