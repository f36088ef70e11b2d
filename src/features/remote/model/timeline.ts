import type { SessionEvent, SessionEventBodyOf, TodoItem } from '../../../../relay/protocol/remote';

export interface DiffItem {
  path: string;
  oldText: string;
  newText: string;
  seq: number;
}

export interface SubagentItem {
  kind: 'subagent';
  key: string;
  seq: number;
  agentId: string;
  parentToolCallId: string;
  title: string;
  status: SessionEventBodyOf<'subagent'>['status'];
  summary?: string;
}

export type TimelineItem =
  | { kind: 'user'; key: string; seq: number; text: string; clientMsgId: string }
  | { kind: 'assistant'; key: string; seq: number; messageId: string; text: string; streaming: boolean }
  | {
      kind: 'tool';
      key: string;
      seq: number;
      toolCallId: string;
      name: string;
      title: string;
      input: unknown;
      status: SessionEventBodyOf<'tool_call'>['status'];
      /** Streamed shell output in arrival order. */
      stream: { stream: 'stdout' | 'stderr'; chunk: string; seq: number }[];
      output?: string;
      error?: string;
      diffs: DiffItem[];
    }
  | { kind: 'diff'; key: string; seq: number; toolCallId: string; diff: DiffItem }
  | SubagentItem
  | { kind: 'setup'; key: string; seq: number; stepId: string; title: string; status: SessionEventBodyOf<'setup_step'>['status']; detail?: string }
  | {
      kind: 'permission';
      key: string;
      seq: number;
      requestId: string;
      toolCallId: string;
      tool: string;
      summary: string;
      input: unknown;
      decision: SessionEventBodyOf<'permission_response'> | null;
    }
  | { kind: 'notice'; key: string; seq: number; level: 'info' | 'warning'; text: string }
  | { kind: 'error'; key: string; seq: number; code: string; message: string }
  | { kind: 'turnEnd'; key: string; seq: number; reason: SessionEventBodyOf<'turn_end'>['reason'] };

export interface Timeline {
  items: TimelineItem[];
  todos: TodoItem[];
  subagents: SubagentItem[];
  /** A turn is running: the last user message came after the last turn end. */
  running: boolean;
  /** Permission requests still waiting for an answer. */
  pendingPermissions: string[];
  /** clientMsgIds the relay has stored (so queued bubbles can go). */
  sentIds: Set<string>;
}

/** Folds a session's ordered events into what the chat shows. Later events update earlier cards in place. */
export function buildTimeline(events: readonly SessionEvent[]): Timeline {
  const items: TimelineItem[] = [];
  const byKey = new Map<string, number>();
  let todos: TodoItem[] = [];
  let lastUser = 0;
  let lastTurnEnd = 0;
  const sentIds = new Set<string>();
  const put = (item: TimelineItem) => {
    byKey.set(item.key, items.length);
    items.push(item);
  };
  const get = <K extends TimelineItem['kind']>(key: string, kind: K) => {
    const index = byKey.get(key);
    const item = index === undefined ? undefined : items[index];
    return item && item.kind === kind ? { item: item as Extract<TimelineItem, { kind: K }>, index: index! } : null;
  };
  const replace = (index: number, item: TimelineItem) => {
    items[index] = item;
  };
  const toolFor = (toolCallId: string) => get(`tool:${toolCallId}`, 'tool');

  for (const event of events) {
    const { body, seq } = event;
    switch (body.type) {
      case 'user_message':
        sentIds.add(body.clientMsgId);
        lastUser = seq;
        put({ kind: 'user', key: `user:${seq}`, seq, text: body.text, clientMsgId: body.clientMsgId });
        break;
      case 'assistant_delta': {
        const found = get(`assistant:${body.messageId}`, 'assistant');
        if (found) replace(found.index, { ...found.item, text: found.item.streaming ? found.item.text + body.text : found.item.text });
        else put({ kind: 'assistant', key: `assistant:${body.messageId}`, seq, messageId: body.messageId, text: body.text, streaming: true });
        break;
      }
      case 'assistant_message': {
        const found = get(`assistant:${body.messageId}`, 'assistant');
        if (found) replace(found.index, { ...found.item, text: body.text, streaming: false });
        else put({ kind: 'assistant', key: `assistant:${body.messageId}`, seq, messageId: body.messageId, text: body.text, streaming: false });
        break;
      }
      case 'tool_call': {
        const found = toolFor(body.toolCallId);
        const update = {
          name: body.name,
          title: body.title,
          input: body.input,
          status: body.status,
          ...(body.output !== undefined && { output: body.output }),
          ...(body.error !== undefined && { error: body.error }),
        };
        if (found) replace(found.index, { ...found.item, ...update });
        else put({ kind: 'tool', key: `tool:${body.toolCallId}`, seq, toolCallId: body.toolCallId, stream: [], diffs: [], ...update });
        break;
      }
      case 'tool_output': {
        const found = toolFor(body.toolCallId);
        const chunk = { stream: body.stream, chunk: body.chunk, seq };
        if (found) replace(found.index, { ...found.item, stream: [...found.item.stream, chunk] });
        else
          put({ kind: 'tool', key: `tool:${body.toolCallId}`, seq, toolCallId: body.toolCallId, name: 'shell', title: '', input: null, status: 'executing', stream: [chunk], diffs: [] });
        break;
      }
      case 'file_diff': {
        const diff = { path: body.path, oldText: body.oldText, newText: body.newText, seq };
        const found = toolFor(body.toolCallId);
        if (found) replace(found.index, { ...found.item, diffs: [...found.item.diffs, diff] });
        else put({ kind: 'diff', key: `diff:${seq}`, seq, toolCallId: body.toolCallId, diff });
        break;
      }
      case 'todo_list':
        todos = body.items;
        break;
      case 'subagent': {
        const found = get(`subagent:${body.agentId}`, 'subagent');
        const next: SubagentItem = {
          kind: 'subagent',
          key: `subagent:${body.agentId}`,
          seq: found?.item.seq ?? seq,
          agentId: body.agentId,
          parentToolCallId: body.parentToolCallId,
          title: body.title,
          status: body.status,
          ...(body.summary !== undefined && { summary: body.summary }),
        };
        if (found) replace(found.index, next);
        else put(next);
        break;
      }
      case 'setup_step': {
        const found = get(`setup:${body.stepId}`, 'setup');
        const next = {
          kind: 'setup' as const,
          key: `setup:${body.stepId}`,
          seq: found?.item.seq ?? seq,
          stepId: body.stepId,
          title: body.title,
          status: body.status,
          ...(body.detail !== undefined && { detail: body.detail }),
        };
        if (found) replace(found.index, next);
        else put(next);
        break;
      }
      case 'permission_request':
        put({
          kind: 'permission',
          key: `permission:${body.requestId}`,
          seq,
          requestId: body.requestId,
          toolCallId: body.toolCallId,
          tool: body.tool,
          summary: body.summary,
          input: body.input,
          decision: null,
        });
        break;
      case 'permission_response': {
        const found = get(`permission:${body.requestId}`, 'permission');
        if (found) replace(found.index, { ...found.item, decision: body });
        break;
      }
      case 'turn_end':
        lastTurnEnd = seq;
        if (body.reason !== 'completed') put({ kind: 'turnEnd', key: `turnEnd:${seq}`, seq, reason: body.reason });
        break;
      case 'error':
        put({ kind: 'error', key: `error:${seq}`, seq, code: body.code, message: body.message });
        break;
      case 'notice':
        put({ kind: 'notice', key: `notice:${seq}`, seq, level: body.level, text: body.text });
        break;
    }
  }
  // A turn that ended closes its open permission prompts and streaming messages.
  const pendingPermissions = items
    .filter((i): i is Extract<TimelineItem, { kind: 'permission' }> => i.kind === 'permission' && i.decision === null && i.seq > lastTurnEnd)
    .map((i) => i.requestId);
  return {
    items,
    todos,
    subagents: items.filter((i): i is SubagentItem => i.kind === 'subagent'),
    running: lastUser > lastTurnEnd,
    pendingPermissions,
    sentIds,
  };
}
