import { describe, expect, it } from 'vitest';

import type { Session } from '#protocol/remote';

import { findSession, setSessions, upsertSession } from './sessions';

const session = (id: string, instanceId = 'i1', title = 'S'): Session => ({
  id,
  instanceId,
  title,
  active: true,
  firstMessage: null,
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActiveAt: '2026-01-01T00:00:00Z',
  lastSeq: 0,
  autoApprove: false,
});

describe('sessions by instance', () => {
  it('upsertSession puts a new session first in its instance list and replaces a known one in place', () => {
    let sessions = upsertSession({}, session('s1'));
    sessions = upsertSession(sessions, session('s2'));
    sessions = upsertSession(sessions, session('x1', 'i2'));
    expect(sessions.i1!.map((s) => s.id)).toEqual(['s2', 's1']);
    expect(sessions.i2!.map((s) => s.id)).toEqual(['x1']);
    const before = sessions;
    sessions = upsertSession(sessions, session('s1', 'i1', 'renamed'));
    expect(sessions.i1!.map((s) => [s.id, s.title])).toEqual([
      ['s2', 'S'],
      ['s1', 'renamed'],
    ]);
    // The other instance's list and the previous object are untouched.
    expect(sessions.i2).toBe(before.i2);
    expect(before.i1!.map((s) => s.title)).toEqual(['S', 'S']);
  });

  it('setSessions replaces one instance list', () => {
    const sessions = setSessions({ i1: [session('s1')], i2: [session('x1', 'i2')] }, 'i1', [session('s9')]);
    expect(sessions.i1!.map((s) => s.id)).toEqual(['s9']);
    expect(sessions.i2!.map((s) => s.id)).toEqual(['x1']);
  });

  it('findSession looks through every instance', () => {
    const sessions = { i1: [session('s1')], i2: [session('x1', 'i2')] };
    expect(findSession(sessions, 'x1')?.instanceId).toBe('i2');
    expect(findSession(sessions, 'nope')).toBeUndefined();
  });
});
