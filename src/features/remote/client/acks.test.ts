import { describe, expect, it } from 'vitest';

import { readableRefusal, readAck } from './acks';
import type { SocketPort } from './socketPort';

const SID = '00000000-0000-4000-8000-0000000000bb';
const session = {
  id: SID,
  instanceId: '00000000-0000-4000-8000-0000000000aa',
  title: 'S',
  active: true,
  firstMessage: null,
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActiveAt: '2026-01-01T00:00:00Z',
  lastSeq: 0,
  autoApprove: false,
};

describe('readAck', () => {
  it('passes an answer that fits the event’s ack schema', () => {
    expect(readAck('session:input', { ok: true, seq: 3 })).toEqual({ ok: true, seq: 3 });
    expect(readAck('session:join', { ok: true, session })).toEqual({ ok: true, session });
    expect(readAck('session:leave', { ok: true })).toEqual({ ok: true });
    const busy = { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder: { since: '2026-01-01T00:00:00Z' } } };
    expect(readAck('instance:attach', busy)).toEqual(busy);
    const holder = { since: '2026-01-01T00:00:00Z', device: { browser: 'Chrome', os: 'Android' }, lastActiveAt: '2026-01-01T00:01:00Z' };
    expect(readAck('instance:attach', { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder } })).toEqual({
      ok: false,
      error: { code: 'WORKSPACE_BUSY', message: 'busy', holder },
    });
    // A busy refusal lists the instance's sessions (newer relays); a session another relay version shaped badly makes
    // it a plain busy refusal, the holder kept.
    const listed = { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder, sessions: [session] } };
    expect(readAck('instance:attach', listed)).toEqual(listed);
    expect(readAck('instance:attach', { ok: false, error: { ...listed.error, sessions: [{ id: SID }] } })).toEqual({
      ok: false,
      error: { code: 'WORKSPACE_BUSY', message: 'busy', holder },
    });
  });

  it('checks the success shape per event: an answer for another event is unreadable', () => {
    expect(readAck('session:input', { ok: true })).toBeNull();
    expect(readAck('session:join', { ok: true, seq: 1 })).toBeNull();
    expect(readAck('instances:list', { ok: true, instances: [{ id: 1 }] })).toBeNull();
    expect(readAck('session:input', undefined)).toBeNull();
    expect(readAck('session:input', 'ok')).toBeNull();
  });

  it('reads a refusal it cannot fully parse as INTERNAL with what it can keep', () => {
    expect(readAck('session:input', { ok: false, error: { code: 'SOMETHING_NEW', message: 'from a newer relay' } })).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'from a newer relay' },
    });
    expect(readAck('instance:attach', { ok: false, error: { code: 'WORKSPACE_BUSY', holder: { since: '2026-01-01T00:00:00Z' } } })).toEqual(
      {
        ok: false,
        error: { code: 'WORKSPACE_BUSY', message: '', holder: { since: '2026-01-01T00:00:00Z' } },
      },
    );
    expect(readAck('session:input', { ok: false })).toEqual({ ok: false, error: { code: 'INTERNAL', message: '' } });
  });
});

describe('readableRefusal', () => {
  it('only reads { ok: false } answers', () => {
    expect(readableRefusal({ ok: true })).toBeNull();
    expect(readableRefusal(null)).toBeNull();
    expect(readableRefusal({ ok: false, error: { code: 'RATE_LIMITED', message: 7, holder: { since: 1 } } })).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: '' },
    });
  });
});

/** Compile-time: the port is typed by event name (tsc checks this; the function never runs). */
export function typedPort(port: SocketPort): void {
  void port.request('session:join', { sessionId: SID, afterSeq: 0 }, 1).then((ack) => (ack.ok ? ack.session.id : ack.error.code));
  // @ts-expect-error -- afterSeq is a number
  void port.request('session:join', { sessionId: SID, afterSeq: '0' }, 1);
  // @ts-expect-error -- session:input needs its text
  void port.request('session:input', { sessionId: SID, clientMsgId: 'c1' }, 1);
  // @ts-expect-error -- not an event of /web
  void port.request('session:joinn', { sessionId: SID }, 1);
  // @ts-expect-error -- the ack of session:input has a seq, not a session
  void port.request('session:input', { sessionId: SID, clientMsgId: 'c1', text: 'x' }, 1).then((ack) => ack.ok && ack.session);
  // @ts-expect-error -- a session:event push carries a whole event
  port.on('session:event', (event: { type: string }) => event.type);
  port.on('workspace:lost', (lost) => lost.reason satisfies 'taken_over' | 'lease_expired' | 'instance_removed');
}
