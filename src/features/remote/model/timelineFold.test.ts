import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '#protocol/remote';

import { buildTimeline, type TimelineItem } from './timeline';

const SID = '00000000-0000-4000-8000-0000000000cc';
const log = (...bodies: SessionEventBody[]): SessionEvent[] =>
  bodies.map((body, i) => ({
    sessionId: SID,
    seq: i + 1,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    at: '2026-01-01T00:00:00Z',
    body,
  }));
type ToolCall = Extract<SessionEventBody, { type: 'tool_call' }>;
const call = (toolCallId: string, agentId?: string, extra: Partial<ToolCall> = {}): ToolCall => ({
  type: 'tool_call',
  toolCallId,
  name: 'shell',
  title: `run ${toolCallId}`,
  input: { cmd: 'sleep 25' },
  status: 'executing',
  ...(agentId && { agentId }),
  ...extra,
});
const agent = (agentId: string, status: 'running' | 'completed'): SessionEventBody => ({
  type: 'subagent',
  agentId,
  parentToolCallId: 'parent',
  title: `agent ${agentId}`,
  status,
});
const ask: SessionEventBody = {
  type: 'permission_request',
  requestId: 'r1',
  toolCallId: 'parent',
  tool: 'shell',
  summary: 'rm',
  input: {},
};
const opening = [
  { type: 'user_message', clientMsgId: 'm1', text: '!sleep 25; echo late' },
  call('parent'),
  agent('a1', 'running'),
  agent('a2', 'completed'),
  call('child', 'a1'),
  ask,
] satisfies SessionEventBody[];

const tool = (items: TimelineItem[], toolCallId: string) =>
  items.flatMap((i) => (i.kind === 'subagent' ? [i, ...i.children] : [i])).find((i) => i.kind === 'tool' && i.toolCallId === toolCallId);

describe('a turn that ends interrupted or failed', () => {
  it.each(['interrupted', 'error'] as const)('ends every open tool call, permission and sub-agent (%s)', (reason) => {
    const timeline = buildTimeline(log(...opening, { type: 'turn_end', reason }));
    expect(timeline.running).toBe(false);
    expect(tool(timeline.items, 'parent')).toMatchObject({ status: 'failed', error: 'interrupted', permissions: [{ open: false }] });
    expect(tool(timeline.items, 'child')).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(timeline.subagents.map((s) => [s.agentId, s.status])).toEqual([
      ['a1', 'cancelled'],
      ['a2', 'completed'],
    ]);
    expect(timeline.pendingPermissions).toEqual([]);
  });

  it('leaves the work of a turn that has not ended running', () => {
    const running = buildTimeline(log(...opening));
    expect(running.running).toBe(true);
    expect(tool(running.items, 'parent')).toMatchObject({ status: 'executing' });
    expect(running.subagents[0]).toMatchObject({ status: 'running' });
  });

  it('keeps the error of a call that already failed', () => {
    const timeline = buildTimeline(
      log(call('t'), call('t', undefined, { status: 'failed', error: 'exit 1' }), { type: 'turn_end', reason: 'error' }),
    );
    expect(tool(timeline.items, 't')).toMatchObject({ status: 'failed', error: 'exit 1' });
  });
});
