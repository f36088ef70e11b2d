import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '../../../../relay/protocol/remote';
import { applyEvent, emptyLog, hasGap, mergeEvents } from './eventLog';
import { buildTimeline } from './timeline';

const SID = '00000000-0000-4000-8000-000000000001';
const ev = (seq: number, body: SessionEventBody = { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: `line-${seq}\n` }): SessionEvent => ({
  sessionId: SID,
  seq,
  eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-01-01T00:00:00.000Z',
  body,
});
const seqs = (events: readonly SessionEvent[]) => events.map((e) => e.seq);

describe('event log', () => {
  it('appends in order and ignores a second copy of a seq', () => {
    let log = emptyLog(SID);
    for (const seq of [1, 2, 3]) log = applyEvent(log, ev(seq)).log;
    const again = applyEvent(log, ev(2));
    expect(again.result).toBe('duplicate');
    expect(again.log).toBe(log);
    expect(seqs(log.events)).toEqual([1, 2, 3]);
    expect(log.lastSeq).toBe(3);
  });

  it('keeps events past a hole aside, reports the gap, and releases them in order once the hole is filled', () => {
    let log = emptyLog(SID);
    log = applyEvent(log, ev(1)).log;
    const jump = applyEvent(log, ev(4));
    expect(jump.result).toBe('gap');
    log = applyEvent(jump.log, ev(5)).log;
    expect(hasGap(log)).toBe(true);
    expect(seqs(log.events)).toEqual([1]);
    expect(log.lastSeq).toBe(1);
    // The re-join replays 2..5; 4 and 5 are already held and must not appear twice.
    const replay = mergeEvents(log, [ev(2), ev(3), ev(4), ev(5)]);
    expect(replay.gap).toBe(false);
    expect(seqs(replay.log.events)).toEqual([1, 2, 3, 4, 5]);
    expect(replay.log.lastSeq).toBe(5);
  });

  it('merges a replay that overlaps what the tab already has, out of order, without duplicates', () => {
    let log = mergeEvents(emptyLog(SID), [ev(1), ev(2), ev(3)]).log;
    log = mergeEvents(log, [ev(6), ev(2), ev(5), ev(3), ev(4), ev(4)]).log;
    expect(seqs(log.events)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hasGap(log)).toBe(false);
  });

  it('continues a log restored from the cache that does not start at 1', () => {
    const start = { ...emptyLog(SID), base: 9, lastSeq: 9 };
    const { log } = mergeEvents(start, [ev(10), ev(11)]);
    expect(seqs(log.events)).toEqual([10, 11]);
    expect(applyEvent(log, ev(9)).result).toBe('duplicate');
  });

  it('ignores events of another session', () => {
    const other = { ...ev(1), sessionId: '00000000-0000-4000-8000-000000000002' };
    expect(applyEvent(emptyLog(SID), other).result).toBe('duplicate');
  });
});

describe('timeline', () => {
  it('streams assistant text, then replaces it with the final message', () => {
    const t = buildTimeline([
      ev(1, { type: 'user_message', clientMsgId: 'c1', text: 'hi' }),
      ev(2, { type: 'assistant_delta', messageId: 'm1', text: 'Hel' }),
      ev(3, { type: 'assistant_delta', messageId: 'm1', text: 'lo' }),
    ]);
    expect(t.items[1]).toMatchObject({ kind: 'assistant', text: 'Hello', streaming: true });
    expect(t.running).toBe(true);
    expect(t.sentIds.has('c1')).toBe(true);
    const done = buildTimeline([
      ev(1, { type: 'user_message', clientMsgId: 'c1', text: 'hi' }),
      ev(2, { type: 'assistant_delta', messageId: 'm1', text: 'Hel' }),
      ev(3, { type: 'assistant_message', messageId: 'm1', text: 'Hello!' }),
      ev(4, { type: 'turn_end', reason: 'completed' }),
    ]);
    expect(done.items).toHaveLength(2);
    expect(done.items[1]).toMatchObject({ text: 'Hello!', streaming: false });
    expect(done.running).toBe(false);
  });

  it('folds tool start/output/diff/end into one card and answers permission prompts', () => {
    const t = buildTimeline([
      ev(1, { type: 'user_message', clientMsgId: 'c1', text: 'edit' }),
      ev(2, { type: 'tool_call', toolCallId: 't1', name: 'edit_file', title: 'Edit a.txt', input: { path: 'a.txt' }, status: 'executing' }),
      ev(3, { type: 'permission_request', requestId: 'r1', toolCallId: 't1', tool: 'edit_file', summary: 'Edit a.txt', input: {} }),
      ev(4, { type: 'permission_response', requestId: 'r1', decision: 'allow', scope: 'once' }),
      ev(5, { type: 'file_diff', toolCallId: 't1', path: 'a.txt', oldText: 'a', newText: 'b' }),
      ev(6, { type: 'tool_call', toolCallId: 't1', name: 'edit_file', title: 'Edit a.txt', input: { path: 'a.txt' }, status: 'completed', output: 'ok' }),
      ev(7, { type: 'todo_list', items: [{ id: '1', content: 'Edit', status: 'completed' }] }),
      ev(8, { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Explore', status: 'running' }),
      ev(9, { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Explore', status: 'completed', summary: 'done' }),
    ]);
    const tool = t.items.find((i) => i.kind === 'tool');
    expect(tool).toMatchObject({ status: 'completed', output: 'ok', diffs: [{ path: 'a.txt', oldText: 'a', newText: 'b' }] });
    expect(t.items.find((i) => i.kind === 'permission')).toMatchObject({ decision: { decision: 'allow', scope: 'once' } });
    expect(t.pendingPermissions).toEqual([]);
    expect(t.todos).toEqual([{ id: '1', content: 'Edit', status: 'completed' }]);
    expect(t.subagents).toEqual([expect.objectContaining({ agentId: 'a1', status: 'completed', summary: 'done' })]);
    expect(t.items.filter((i) => i.kind === 'subagent')).toHaveLength(1);
  });
});
