import { describe, expect, it } from 'vitest';

import type { SessionEvent } from '#protocol/remote';

import { pendingApprovals } from './approvals';

let seq = 0;
const ev = (body: SessionEvent['body']): SessionEvent => ({
  sessionId: '6f1d8a52-4b0e-4c55-9a39-0f6a0d6b2c11',
  seq: ++seq,
  eventId: crypto.randomUUID(),
  at: new Date().toISOString(),
  body,
});
const ask = (requestId: string) =>
  ev({ type: 'permission_request', requestId, toolCallId: `t-${requestId}`, tool: 'edit_file', summary: 'Edit', input: {} });

describe('pendingApprovals', () => {
  it('counts requests not answered and not closed by their turn, across sessions', () => {
    const a = { events: [ask('r1'), ask('r2'), ev({ type: 'permission_response', requestId: 'r1', decision: 'allow', scope: 'once' })] };
    const b = { events: [ask('r3'), ev({ type: 'turn_end', reason: 'interrupted' }), ask('r4')] };
    expect(pendingApprovals([a, b])).toEqual({ count: 2, any: true });
  });

  it('is zero with nothing asked', () => {
    expect(pendingApprovals([{ events: [ev({ type: 'turn_end', reason: 'completed' })] }])).toEqual({ count: 0, any: false });
  });
});
