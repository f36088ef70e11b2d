import type { SessionEvent, SessionEventBodyOf, TodoItem } from '#protocol/remote';

import type { PermissionState, SubagentItem, TimelineItem } from './timeline';

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;
type ToolItem = Item<'tool'>;

/**
 * The timeline while a session's events are folded into it, one at a time and in seq order. Each fold below handles
 * one event type; they only touch the draft they are given (buildTimeline makes a fresh one per call).
 */
export interface TimelineDraft {
  items: TimelineItem[];
  /** Item key → index in `items`, so later events update earlier cards in place. */
  byKey: Map<string, number>;
  todos: TodoItem[];
  /** Seq of the last user message and of the last turn end. */
  lastUser: number;
  lastTurnEnd: number;
  /** clientMsgIds the relay has stored. */
  sentIds: Set<string>;
  /** requestId → toolCallId, for the answer. */
  permissionTool: Map<string, string>;
}

export function emptyDraft(): TimelineDraft {
  return { items: [], byKey: new Map(), todos: [], lastUser: 0, lastTurnEnd: 0, sentIds: new Set(), permissionTool: new Map() };
}

/** A copy to fold more events into, leaving `draft` as it was (items are replaced, never changed, so a shallow copy will do). */
export function forkDraft(draft: TimelineDraft): TimelineDraft {
  return {
    ...draft,
    items: draft.items.slice(),
    byKey: new Map(draft.byKey),
    sentIds: new Set(draft.sentIds),
    permissionTool: new Map(draft.permissionTool),
  };
}

function put(draft: TimelineDraft, item: TimelineItem): void {
  draft.byKey.set(item.key, draft.items.length);
  draft.items.push(item);
}

function find<K extends TimelineItem['kind']>(draft: TimelineDraft, key: string, kind: K): { item: Item<K>; index: number } | null {
  const index = draft.byKey.get(key);
  const item = index === undefined ? undefined : draft.items[index];
  return index !== undefined && item?.kind === kind ? { item: item as Item<K>, index } : null;
}

/** Replaces the card with the item's key (keeping its place) or appends the item. */
function upsert(draft: TimelineDraft, item: TimelineItem): void {
  const found = find(draft, item.key, item.kind);
  if (found) draft.items[found.index] = item;
  else put(draft, item);
}

/** A tool card for output, a diff or a permission request that arrived before its tool_call. */
export function placeholderTool(
  toolCallId: string,
  seq: number,
  agentId: string | undefined,
  name = 'shell',
  title = '',
  input: unknown = null,
): ToolItem {
  return {
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
  };
}

/** Changes the card of a tool call, opening `placeholder()` first when the call has no card yet. */
function updateTool(draft: TimelineDraft, toolCallId: string, change: (tool: ToolItem) => ToolItem, placeholder: () => ToolItem): void {
  const found = find(draft, `tool:${toolCallId}`, 'tool');
  if (found) draft.items[found.index] = change(found.item);
  else put(draft, change(placeholder()));
}

export function foldUserMessage(draft: TimelineDraft, body: SessionEventBodyOf<'user_message'>, seq: number): void {
  draft.sentIds.add(body.clientMsgId);
  draft.lastUser = seq;
  put(draft, { kind: 'user', key: `user:${seq}`, seq, text: body.text, clientMsgId: body.clientMsgId });
}

/** Deltas stream into one card per message; the final message replaces the text and ends the streaming. */
export function foldAssistant(draft: TimelineDraft, body: SessionEventBodyOf<'assistant_delta' | 'assistant_message'>, seq: number): void {
  const final = body.type === 'assistant_message';
  const found = find(draft, `assistant:${body.messageId}`, 'assistant');
  if (!found)
    return put(draft, {
      kind: 'assistant',
      key: `assistant:${body.messageId}`,
      seq,
      messageId: body.messageId,
      text: body.text,
      streaming: !final,
    });
  const { item } = found;
  draft.items[found.index] = final
    ? { ...item, text: body.text, streaming: false }
    : { ...item, text: item.streaming ? item.text + body.text : item.text };
}

export function foldToolCall(draft: TimelineDraft, body: SessionEventBodyOf<'tool_call'>, seq: number, at?: string): void {
  const ended = body.status === 'completed' || body.status === 'failed';
  const update = {
    name: body.name,
    title: body.title,
    input: body.input,
    status: body.status,
    ...(body.output !== undefined && { output: body.output }),
    ...(body.error !== undefined && { error: body.error }),
    ...(body.agentId !== undefined && { agentId: body.agentId }),
  };
  updateTool(
    draft,
    body.toolCallId,
    // The card's duration: from the call's first event to the one that ended it.
    (tool) => ({ ...tool, ...update, startedAt: tool.startedAt ?? at, ...(ended && !tool.endedAt && at !== undefined && { endedAt: at }) }),
    () => placeholderTool(body.toolCallId, seq, body.agentId),
  );
}

export function foldToolOutput(draft: TimelineDraft, body: SessionEventBodyOf<'tool_output'>, seq: number): void {
  const chunk = { stream: body.stream, chunk: body.chunk, seq };
  updateTool(
    draft,
    body.toolCallId,
    (tool) => ({ ...tool, stream: [...tool.stream, chunk] }),
    () => placeholderTool(body.toolCallId, seq, body.agentId),
  );
}

/** A diff goes into its tool's card; without one it is a card of its own. */
export function foldFileDiff(draft: TimelineDraft, body: SessionEventBodyOf<'file_diff'>, seq: number): void {
  const diff = { path: body.path, oldText: body.oldText, newText: body.newText, seq };
  const found = find(draft, `tool:${body.toolCallId}`, 'tool');
  if (found) draft.items[found.index] = { ...found.item, diffs: [...found.item.diffs, diff] };
  else
    put(draft, {
      kind: 'diff',
      key: `diff:${seq}`,
      seq,
      toolCallId: body.toolCallId,
      diff,
      ...(body.agentId !== undefined && { agentId: body.agentId }),
    });
}

/** A sub-agent's card is updated in place and keeps the seq it first showed up with; its children come at the end. */
export function foldSubagent(draft: TimelineDraft, body: SessionEventBodyOf<'subagent'>, seq: number): void {
  const key = `subagent:${body.agentId}`;
  const next: SubagentItem = {
    kind: 'subagent',
    key,
    seq: find(draft, key, 'subagent')?.item.seq ?? seq,
    agentId: body.agentId,
    parentToolCallId: body.parentToolCallId,
    title: body.title,
    status: body.status,
    ...(body.summary !== undefined && { summary: body.summary }),
    children: [],
  };
  upsert(draft, next);
}

export function foldSetupStep(draft: TimelineDraft, body: SessionEventBodyOf<'setup_step'>, seq: number): void {
  const key = `setup:${body.stepId}`;
  upsert(draft, {
    kind: 'setup',
    key,
    seq: find(draft, key, 'setup')?.item.seq ?? seq,
    stepId: body.stepId,
    title: body.title,
    status: body.status,
    ...(body.detail !== undefined && { detail: body.detail }),
  });
}

/** A permission request is shown inside the card of the tool call that asked (a card named after it if none yet). */
export function foldPermissionRequest(draft: TimelineDraft, body: SessionEventBodyOf<'permission_request'>, seq: number): void {
  const permission: PermissionState = {
    requestId: body.requestId,
    seq,
    tool: body.tool,
    summary: body.summary,
    input: body.input,
    ...(body.preview && { preview: body.preview }),
    decision: null,
    open: true,
  };
  draft.permissionTool.set(body.requestId, body.toolCallId);
  updateTool(
    draft,
    body.toolCallId,
    (tool) => ({ ...tool, permissions: [...tool.permissions, permission] }),
    () => placeholderTool(body.toolCallId, seq, body.agentId, body.tool, body.summary, body.input),
  );
}

/** The first answer to a known request closes it; other answers are ignored. */
export function foldPermissionResponse(draft: TimelineDraft, body: SessionEventBodyOf<'permission_response'>): void {
  const toolCallId = draft.permissionTool.get(body.requestId);
  const found = toolCallId === undefined ? null : find(draft, `tool:${toolCallId}`, 'tool');
  if (!found) return;
  const permissions = found.item.permissions.map((p) =>
    p.requestId === body.requestId && !p.decision ? { ...p, decision: body, open: false } : p,
  );
  draft.items[found.index] = { ...found.item, permissions };
}

/** What an interrupted or failed turn left running ends with it (older histories hold no closing events for it). */
function endOpenWork(draft: TimelineDraft): void {
  draft.items = draft.items.map((item) => {
    if (item.kind === 'tool' && item.status === 'executing') return { ...item, status: 'failed', error: item.error ?? 'interrupted' };
    if (item.kind === 'subagent' && (item.status === 'initializing' || item.status === 'running')) return { ...item, status: 'cancelled' };
    return item;
  });
}

/** A completed turn leaves no card; an interrupted, failed or limited one does. */
export function foldTurnEnd(draft: TimelineDraft, body: SessionEventBodyOf<'turn_end'>, seq: number): void {
  draft.lastTurnEnd = seq;
  if (body.reason === 'interrupted' || body.reason === 'error') endOpenWork(draft);
  // One message for an interrupt: after the CLI's "the turn that was running was interrupted" notice, no second line.
  const last = draft.items.at(-1);
  const told = body.reason === 'interrupted' && last?.kind === 'notice' && last.code === 'cli.turnRecovered';
  if (body.reason !== 'completed' && !told) put(draft, { kind: 'turnEnd', key: `turnEnd:${seq}`, seq, reason: body.reason });
}

export function foldError(draft: TimelineDraft, body: SessionEventBodyOf<'error'>, seq: number): void {
  put(draft, {
    kind: 'error',
    key: `error:${seq}`,
    seq,
    code: body.code,
    message: body.message,
    ...(body.params !== undefined && { params: body.params }),
  });
}

export function foldNotice(draft: TimelineDraft, body: SessionEventBodyOf<'notice'>, seq: number): void {
  put(draft, {
    kind: 'notice',
    key: `notice:${seq}`,
    seq,
    level: body.level,
    text: body.text,
    ...(body.code !== undefined && { code: body.code }),
    ...(body.params !== undefined && { params: body.params }),
  });
}

/** Folds one event into the draft. */
export function foldEvent(draft: TimelineDraft, { body, seq, at }: SessionEvent): void {
  switch (body.type) {
    case 'user_message':
      return foldUserMessage(draft, body, seq);
    case 'assistant_delta':
    case 'assistant_message':
      return foldAssistant(draft, body, seq);
    case 'tool_call':
      return foldToolCall(draft, body, seq, at);
    case 'tool_output':
      return foldToolOutput(draft, body, seq);
    case 'file_diff':
      return foldFileDiff(draft, body, seq);
    case 'todo_list':
      draft.todos = body.items;
      return;
    case 'subagent':
      return foldSubagent(draft, body, seq);
    case 'setup_step':
      return foldSetupStep(draft, body, seq);
    case 'permission_request':
      return foldPermissionRequest(draft, body, seq);
    case 'permission_response':
      return foldPermissionResponse(draft, body);
    case 'turn_end':
      return foldTurnEnd(draft, body, seq);
    case 'error':
      return foldError(draft, body, seq);
    case 'notice':
      return foldNotice(draft, body, seq);
  }
}
