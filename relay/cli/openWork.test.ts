import { describe, expect, it } from 'vitest';

import type { EventBody } from './events';
import { closingEvents } from './openWork';

const tool = (toolCallId: string, status: 'executing' | 'completed' | 'failed', agentId?: string): EventBody => ({
  type: 'tool_call',
  toolCallId,
  name: 'shell',
  title: `run ${toolCallId}`,
  input: { command: 'sleep 25' },
  status,
  ...(agentId !== undefined && { agentId }),
});
const at = (bodies: EventBody[]) => bodies.map((body) => ({ body }));

describe('closingEvents', () => {
  it('closes the open tool calls, permission requests and sub-agents of the last turn', () => {
    const history = at([
      tool('old', 'executing'),
      { type: 'turn_end', reason: 'completed' },
      tool('done', 'executing'),
      tool('done', 'completed'),
      tool('open', 'executing'),
      { type: 'subagent', agentId: 'a1', parentToolCallId: 'open', title: 'helper', status: 'running' },
      { type: 'subagent', agentId: 'a2', parentToolCallId: 'open', title: 'finished', status: 'completed' },
      tool('nested', 'executing', 'a1'),
      { type: 'permission_request', requestId: 'r1', toolCallId: 'nested', agentId: 'a1', tool: 'shell', summary: 'rm', input: {} },
      { type: 'permission_request', requestId: 'r2', toolCallId: 'open', tool: 'shell', summary: 'ls', input: {} },
      { type: 'permission_response', requestId: 'r2', decision: 'allow', scope: 'once' },
    ]);
    expect(closingEvents(history)).toEqual([
      { type: 'permission_response', requestId: 'r1', decision: 'deny', scope: 'once' },
      { ...tool('open', 'failed'), error: 'interrupted' },
      { ...tool('nested', 'failed', 'a1'), error: 'interrupted' },
      { type: 'subagent', agentId: 'a1', parentToolCallId: 'open', title: 'helper', status: 'cancelled' },
    ]);
  });

  it('closes nothing when the last turn ended', () => {
    expect(closingEvents(at([tool('t', 'executing'), { type: 'turn_end', reason: 'interrupted' }]))).toEqual([]);
  });
});
