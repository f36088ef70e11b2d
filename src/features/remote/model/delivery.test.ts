import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '#protocol/remote';

import { awaitingCli, deliveryStages, queuedStage } from './delivery';

const SID = '00000000-0000-4000-8000-0000000000bb';
const events = (...bodies: SessionEventBody[]): SessionEvent[] =>
  bodies.map((body, i) => ({
    sessionId: SID,
    seq: i + 1,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    at: '2026-01-01T00:00:00Z',
    body,
  }));
const user = (clientMsgId: string): SessionEventBody => ({ type: 'user_message', clientMsgId, text: clientMsgId });
const status = (clientMsgId: string, s: 'received' | 'started' | 'dropped'): SessionEventBody => ({
  type: 'input_status',
  clientMsgId,
  status: s,
});
const turnEnd: SessionEventBody = { type: 'turn_end', reason: 'completed' };

describe('delivery stages', () => {
  it('follows each message: at the relay once stored, at the CLI when received, started when its turn begins', () => {
    const log = events(user('a'), status('a', 'started'), user('b'), status('b', 'received'), user('c'));
    expect(Object.fromEntries(deliveryStages(log))).toEqual({ a: 'started', b: 'cli', c: 'relay' });
    const later = events(user('a'), status('a', 'started'), user('b'), status('b', 'received'), turnEnd, status('b', 'started'));
    expect(deliveryStages(later).get('b')).toBe('started');
  });

  it('never moves back, and a message an interrupt cleared is dropped', () => {
    const log = events(
      user('a'),
      status('a', 'started'),
      status('a', 'received'),
      user('b'),
      status('b', 'received'),
      status('b', 'dropped'),
    );
    expect(Object.fromEntries(deliveryStages(log))).toEqual({ a: 'started', b: 'dropped' });
  });

  it('ignores a status for a message it never saw stored', () => {
    expect(deliveryStages(events(status('ghost', 'started'))).size).toBe(0);
  });

  it('counts a message of an older CLI (no input_status) as started once a later turn ended', () => {
    const old = events(user('a'), turnEnd, user('b'));
    expect(Object.fromEntries(deliveryStages(old))).toEqual({ a: 'started', b: 'relay' });
    // From the first input_status on, only the statuses count (a recovered turn's turn_end does not start b).
    const mixed = events(user('a'), turnEnd, user('x'), status('x', 'started'), user('b'), turnEnd);
    expect(Object.fromEntries(deliveryStages(mixed))).toEqual({ a: 'started', x: 'started', b: 'relay' });
  });

  it('outbox entries are on this device (or failed), and count as awaiting the CLI with stored ones not yet received', () => {
    const queued = { clientMsgId: 'q', sessionId: SID, text: 'q', status: 'queued' as const };
    const failed = { ...queued, clientMsgId: 'f', status: 'failed' as const, error: 'no' };
    expect(queuedStage('queued')).toBe('device');
    expect(queuedStage('sending')).toBe('device');
    expect(queuedStage('stored')).toBe('relay');
    expect(queuedStage('failed')).toBe('failed');
    const stages = deliveryStages(events(user('a'), status('a', 'started'), user('b')));
    expect(awaitingCli(stages, [queued, failed])).toBe(2);
    expect(awaitingCli(new Map([['a', 'cli']]), [])).toBe(0);
  });
});
