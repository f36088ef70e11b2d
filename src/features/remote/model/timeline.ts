import type { z } from 'zod';

import type {
  LiveSessionEvent,
  permissionDecisionSchema,
  permissionScopeSchema,
  SessionEvent,
  SessionEventBodyOf,
  TodoItem,
} from '#protocol/remote';

import { emptyDraft, foldEvent, forkDraft, type TimelineDraft } from './timelineFold';

export type PermissionDecision = z.infer<typeof permissionDecisionSchema>;
export type PermissionScope = z.infer<typeof permissionScopeSchema>;

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
  /** What the card shows before the user decides (the diff, the command and its directory, or the URL). */
  preview?: SessionEventBodyOf<'permission_request'>['preview'];
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
      /** When the call was first seen and when it completed or failed (the events' `at`), for its duration. */
      startedAt?: string;
      endedAt?: string;
    }
  | { kind: 'diff'; key: string; seq: number; toolCallId: string; diff: DiffItem; agentId?: string }
  | SubagentItem
  | {
      kind: 'setup';
      key: string;
      seq: number;
      stepId: string;
      title: string;
      status: SessionEventBodyOf<'setup_step'>['status'];
      detail?: string;
    }
  | { kind: 'notice'; key: string; seq: number; level: 'info' | 'warning'; text: string; code?: string; params?: NoticeParams }
  | { kind: 'error'; key: string; seq: number; code: string; message: string; params?: SessionEventBodyOf<'error'>['params'] }
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
  const draft = emptyDraft();
  for (const event of events) foldEvent(draft, event);
  return finishTimeline(draft);
}

/**
 * buildTimeline for a log that grows by appending (the console's, a burst at a time during a 10,000-event replay):
 * folds only the events added since the last call, and starts over when the list is another one (other session,
 * re-joined log). Items that did not change keep their identity, so rows that show them need not render again.
 *
 * `live`: events the relay passed on before storing them (model/liveEvents.ts), shown after the stored ones. They are
 * folded into a copy of the draft with the seqs they will most likely get (the next ones, in arrival order), so the
 * stored copy that replaces one usually folds into the very same item (same key, same row): nothing flickers.
 */
export function timelineBuilder(): (events: readonly SessionEvent[], live?: readonly LiveSessionEvent[]) => Timeline {
  let draft = emptyDraft();
  let folded: readonly SessionEvent[] = [];
  let foldedLive: readonly LiveSessionEvent[] = noLive;
  let last: Timeline | null = null;
  return (events, live = noLive) => {
    if (events === folded && live === foldedLive && last) return last;
    let refolded = false;
    if (events !== folded) {
      const n = folded.length;
      const grew = n > 0 && events.length >= n && events[0] === folded[0] && events[n - 1] === folded[n - 1];
      if (!grew) draft = emptyDraft();
      refolded = !grew && n > 0;
      for (let i = grew ? n : 0; i < events.length; i++) foldEvent(draft, events[i]!);
      folded = events;
    }
    foldedLive = live;
    const next = finishTimeline(live.length > 0 ? withLive(draft, events.at(-1)?.seq ?? 0, live) : draft);
    // Folded afresh (an older page put in front, a re-joined log): items that came out the same keep the identity
    // they had, so their rows do not render again (a diff or highlighted code on screen would, at every older page).
    last = refolded && last ? { ...next, items: keepUnchanged(last.items, next.items) } : next;
    return last;
  };
}

/** `next`, with each item equal in content to the item of the same key in `before` replaced by that item. */
export function keepUnchanged(before: readonly TimelineItem[], next: TimelineItem[]): TimelineItem[] {
  const byKey = new Map(before.map((item) => [item.key, item]));
  return next.map((item) => {
    const was = byKey.get(item.key);
    return was && sameData(was, item) ? was : item;
  });
}

/** Deep equality of JSON-like data (plain objects, arrays, primitives), as the fold makes it. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], other[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) if (!Object.hasOwn(y, key) || !sameData(x[key], y[key])) return false;
  return true;
}

const noLive: readonly LiveSessionEvent[] = [];

function withLive(draft: TimelineDraft, lastSeq: number, live: readonly LiveSessionEvent[]): TimelineDraft {
  const fork = forkDraft(draft);
  live.forEach((event, i) => foldEvent(fork, { ...event, seq: lastSeq + 1 + i }));
  return fork;
}

function finishTimeline(draft: TimelineDraft): Timeline {
  const { items, pendingPermissions } = closeEndedPrompts(draft.items, draft.lastTurnEnd);
  const { top, subagents } = nestSubagents(items);
  return {
    items: top,
    todos: draft.todos,
    subagents,
    running: draft.lastUser > draft.lastTurnEnd,
    pendingPermissions,
    sentIds: new Set(draft.sentIds),
  };
}

/** A turn that ended closes the prompts it left open; returns the items and the requests still waiting, in order. */
export function closeEndedPrompts(
  items: readonly TimelineItem[],
  lastTurnEnd: number,
): { items: TimelineItem[]; pendingPermissions: string[] } {
  const pendingPermissions: string[] = [];
  const closed = items.map((item) => {
    if (item.kind !== 'tool' || !item.permissions.some((p) => p.open)) return item;
    const permissions = item.permissions.map((p) => (p.open && p.seq < lastTurnEnd ? { ...p, open: false } : p));
    for (const p of permissions) if (p.open) pendingPermissions.push(p.requestId);
    return { ...item, permissions };
  });
  return { items: closed, pendingPermissions };
}

/** A sub-agent's calls and diffs go inside its card; without a card (yet) they stay in the main stream. */
export function nestSubagents(items: readonly TimelineItem[]): { top: TimelineItem[]; subagents: SubagentItem[] } {
  const children = new Map<string, TimelineItem[]>();
  for (const item of items) if (item.kind === 'subagent') children.set(item.agentId, []);
  const top: TimelineItem[] = [];
  for (const item of items) {
    const agentId = item.kind === 'tool' || item.kind === 'diff' ? item.agentId : undefined;
    const nested = agentId === undefined ? undefined : children.get(agentId);
    if (nested) nested.push(item);
    else top.push(item);
  }
  const cards = new Map<string, SubagentItem>();
  for (const item of items) if (item.kind === 'subagent') cards.set(item.agentId, { ...item, children: children.get(item.agentId) ?? [] });
  return { top: top.map((item) => (item.kind === 'subagent' ? cards.get(item.agentId)! : item)), subagents: [...cards.values()] };
}
