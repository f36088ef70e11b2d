import type { EventBody } from './events';

/** The error a tool call gets when its turn was interrupted before it finished. */
export const INTERRUPTED_ERROR = 'interrupted';

/**
 * The events that close what the last turn left open: every tool call still executing ends failed with the error
 * "interrupted", every permission request without an answer is denied (once), every sub-agent still starting or
 * running is cancelled. `history` is the session's event history, oldest first; only events after the last turn_end
 * count.
 */
export function closingEvents(history: ReadonlyArray<{ body: EventBody }>): EventBody[] {
  let start = 0;
  history.forEach(({ body }, i) => {
    if (body.type === 'turn_end') start = i + 1;
  });
  const tools = new Map<string, Extract<EventBody, { type: 'tool_call' }>>();
  const permissions = new Set<string>();
  const subagents = new Map<string, Extract<EventBody, { type: 'subagent' }>>();
  for (const { body } of history.slice(start)) {
    if (body.type === 'tool_call') tools.set(body.toolCallId, body);
    else if (body.type === 'permission_request') permissions.add(body.requestId);
    else if (body.type === 'permission_response') permissions.delete(body.requestId);
    else if (body.type === 'subagent') subagents.set(body.agentId, body);
  }
  const closing: EventBody[] = [];
  for (const requestId of permissions) closing.push({ type: 'permission_response', requestId, decision: 'deny', scope: 'once' });
  for (const tool of tools.values()) {
    if (tool.status !== 'executing') continue;
    const { output: _output, ...rest } = tool;
    closing.push({ ...rest, status: 'failed', error: INTERRUPTED_ERROR });
  }
  for (const agent of subagents.values()) {
    if (agent.status === 'initializing' || agent.status === 'running') closing.push({ ...agent, status: 'cancelled' });
  }
  return closing;
}
