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
  /** The sub-agent's own tool calls and diffs (events carrying its `agentId`), in order. */
  children: TimelineItem[];
}

/** A permission request, shown inside the card of the tool call that asked. */
export interface PermissionState {
  requestId: string;
  seq: number;
  tool: string;
  summary: string;
  input: unknown;
  decision: SessionEventBodyOf<'permission_response'> | null;
  /** Still answerable: no decision yet and its turn has not ended. */
  open: boolean;
}

type NoticeParams = SessionEventBodyOf<'notice'>['params'];

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
      permissions: PermissionState[];
      /** Set when a sub-agent made the call. */
      agentId?: string;
    }
  | { kind: 'diff'; key: string; seq: number; toolCallId: string; diff: DiffItem; agentId?: string }
  | SubagentItem
  | { kind: 'setup'; key: string; seq: number; stepId: string; title: string; status: SessionEventBodyOf<'setup_step'>['status']; detail?: string }
  | { kind: 'notice'; key: string; seq: number; level: 'info' | 'warning'; text: string; code?: string; params?: NoticeParams }
  | { kind: 'error'; key: string; seq: number; code: string; message: string; params?: SessionEventBodyOf<'error'>['params'] }
  | { kind: 'turnEnd'; key: string; seq: number; reason: SessionEventBodyOf<'turn_end'>['reason'] };

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;

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
  /** A tool card for output, a diff or a permission request that arrived before its tool_call. */
  const placeholderTool = (toolCallId: string, seq: number, agentId: string | undefined, name = 'shell', title = '', input: unknown = null): Item<'tool'> => ({
    kind: 'tool',
    key: `tool:${toolCallId}`,
    seq,
    toolCallId,
    name,
    title,
    input,
    status: 'executing',
    stream: [],
    diffs: [],
    permissions: [],
    ...(agentId !== undefined && { agentId }),
  });
  /** requestId → toolCallId, for the answer. */
  const permissionTool = new Map<string, string>();

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
          ...(body.agentId !== undefined && { agentId: body.agentId }),
        };
        if (found) replace(found.index, { ...found.item, ...update });
        else put({ ...placeholderTool(body.toolCallId, seq, body.agentId), ...update });
        break;
      }
      case 'tool_output': {
        const found = toolFor(body.toolCallId);
        const chunk = { stream: body.stream, chunk: body.chunk, seq };
        if (found) replace(found.index, { ...found.item, stream: [...found.item.stream, chunk] });
        else put({ ...placeholderTool(body.toolCallId, seq, body.agentId), stream: [chunk] });
        break;
      }
      case 'file_diff': {
        const diff = { path: body.path, oldText: body.oldText, newText: body.newText, seq };
        const found = toolFor(body.toolCallId);
        if (found) replace(found.index, { ...found.item, diffs: [...found.item.diffs, diff] });
        else put({ kind: 'diff', key: `diff:${seq}`, seq, toolCallId: body.toolCallId, diff, ...(body.agentId !== undefined && { agentId: body.agentId }) });
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
          children: [],
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
      case 'permission_request': {
        const permission: PermissionState = {
          requestId: body.requestId,
          seq,
          tool: body.tool,
          summary: body.summary,
          input: body.input,
          decision: null,
          open: true,
        };
        permissionTool.set(body.requestId, body.toolCallId);
        const found = toolFor(body.toolCallId);
        if (found) replace(found.index, { ...found.item, permissions: [...found.item.permissions, permission] });
        else put({ ...placeholderTool(body.toolCallId, seq, body.agentId, body.tool, body.summary, body.input), permissions: [permission] });
        break;
      }
      case 'permission_response': {
        const toolCallId = permissionTool.get(body.requestId);
        const found = toolCallId === undefined ? null : toolFor(toolCallId);
        if (found)
          replace(found.index, {
            ...found.item,
            permissions: found.item.permissions.map((p) => (p.requestId === body.requestId && !p.decision ? { ...p, decision: body, open: false } : p)),
          });
        break;
      }
      case 'turn_end':
        lastTurnEnd = seq;
        if (body.reason !== 'completed') put({ kind: 'turnEnd', key: `turnEnd:${seq}`, seq, reason: body.reason });
        break;
      case 'error':
        put({ kind: 'error', key: `error:${seq}`, seq, code: body.code, message: body.message, ...(body.params !== undefined && { params: body.params }) });
        break;
      case 'notice':
        put({
          kind: 'notice',
          key: `notice:${seq}`,
          seq,
          level: body.level,
          text: body.text,
          ...(body.code !== undefined && { code: body.code }),
          ...(body.params !== undefined && { params: body.params }),
        });
        break;
    }
  }
  // A turn that ended closes its open permission prompts.
  const pendingPermissions: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== 'tool' || !item.permissions.some((p) => p.open)) continue;
    const permissions = item.permissions.map((p) => (p.open && p.seq < lastTurnEnd ? { ...p, open: false } : p));
    items[i] = { ...item, permissions };
    for (const p of permissions) if (p.open) pendingPermissions.push(p.requestId);
  }
  // A sub-agent's calls go inside its card; without a card (yet) they stay in the main stream.
  const agents = new Map<string, SubagentItem>();
  for (const item of items) if (item.kind === 'subagent') agents.set(item.agentId, item);
  const top: TimelineItem[] = [];
  for (const item of items) {
    const agentId = item.kind === 'tool' || item.kind === 'diff' ? item.agentId : undefined;
    const agent = agentId === undefined ? undefined : agents.get(agentId);
    if (agent) agent.children.push(item);
    else top.push(item);
  }
  return {
    items: top,
    todos,
    subagents: [...agents.values()],
    running: lastUser > lastTurnEnd,
    pendingPermissions,
    sentIds,
  };
}
