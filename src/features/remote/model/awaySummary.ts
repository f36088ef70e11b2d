import type { SessionEvent, SessionEventBodyOf } from '#protocol/remote';

import type { Timeline, TimelineItem } from './timeline';

/** One line of the summary: how many, and the timeline item a tap jumps to (the first of them). */
export interface AwayEntry {
  count: number;
  jumpKey: string;
}

/** What happened in a session while the page was in the background (item 7 of issue #13). */
export interface AwaySummary {
  /** The events after `fromSeq` up to `toSeq` were missed. */
  fromSeq: number;
  toSeq: number;
  tools: AwayEntry | null;
  /** Tool calls that failed (not those an interrupt closed) and session errors. */
  failures: AwayEntry | null;
  /** Permission requests made meanwhile that still wait for an answer. */
  approvals: AwayEntry | null;
  /** Files changed (distinct paths). */
  files: (AwayEntry & { paths: string[] }) | null;
  messages: AwayEntry | null;
  /** The last turn that ended meanwhile. */
  turn: { reason: SessionEventBodyOf<'turn_end'>['reason']; jumpKey: string } | null;
}

function allKeys(items: readonly TimelineItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.key);
    if (item.kind === 'subagent') allKeys(item.children, into);
  }
  return into;
}

function entry(keys: readonly string[]): AwayEntry | null {
  return keys.length ? { count: keys.length, jumpKey: keys[0]! } : null;
}

/**
 * Builds the summary of the events with fromSeq < seq ≤ toSeq from the events themselves, pointing at the items the
 * timeline shows for them. Null when nothing was missed.
 */
export function summarizeAway(events: readonly SessionEvent[], fromSeq: number, toSeq: number, timeline: Timeline): AwaySummary | null {
  const missed = events.filter((e) => e.seq > fromSeq && e.seq <= toSeq);
  if (!missed.length) return null;
  const shown = allKeys(timeline.items);
  const latest = timeline.items.at(-1)?.key ?? '';
  const tools = new Set<string>();
  const failures = new Set<string>();
  const approvals = new Set<string>();
  const files = new Map<string, string>();
  const messages: string[] = [];
  const open = new Set(timeline.pendingPermissions);
  let turn: AwaySummary['turn'] = null;
  for (const { seq, body } of missed) {
    switch (body.type) {
      case 'tool_call':
        tools.add(`tool:${body.toolCallId}`);
        if (body.status === 'failed' && body.error !== 'interrupted') failures.add(`tool:${body.toolCallId}`);
        break;
      case 'error':
        failures.add(`error:${seq}`);
        break;
      case 'permission_request':
        if (open.has(body.requestId)) approvals.add(`tool:${body.toolCallId}`);
        break;
      case 'file_diff':
        if (!files.has(body.path)) files.set(body.path, shown.has(`tool:${body.toolCallId}`) ? `tool:${body.toolCallId}` : `diff:${seq}`);
        break;
      case 'assistant_message':
        messages.push(`assistant:${body.messageId}`);
        break;
      case 'turn_end':
        // A completed turn leaves no line of its own: its jump goes to the latest message.
        turn = { reason: body.reason, jumpKey: shown.has(`turnEnd:${seq}`) ? `turnEnd:${seq}` : latest };
        break;
      default:
        break;
    }
  }
  const fileKeys = [...files.values()];
  return {
    fromSeq,
    toSeq,
    tools: entry([...tools]),
    failures: entry([...failures]),
    approvals: entry([...approvals]),
    files: fileKeys.length ? { count: files.size, jumpKey: fileKeys[0]!, paths: [...files.keys()] } : null,
    messages: entry(messages),
    turn,
  };
}
