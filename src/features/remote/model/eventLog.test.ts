import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '#protocol/remote';

import { applyEvent, emptyLog, hasGap, isCommitted, mergeEvents, prependEvents, startAt, storedInputs, withCachedEvents } from './eventLog';
import { buildTimeline } from './timeline';

const SID = '00000000-0000-4000-8000-000000000001';
const ev = (
  seq: number,
  body: SessionEventBody = { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: `line-${seq}\n` },
): SessionEvent => ({
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

  it('merges a burst as one new log: the log it started from is untouched, counts say what was appended and held', () => {
    const before = mergeEvents(emptyLog(SID), [ev(1), ev(2)]).log;
    const held = before.events;
    const burst = mergeEvents(before, [ev(3), ev(4), ev(7), ev(8), ev(2)]);
    expect(burst).toMatchObject({ applied: 2, held: 2, gap: true });
    expect(seqs(burst.log.events)).toEqual([1, 2, 3, 4]);
    expect([...burst.log.ahead.keys()]).toEqual([7, 8]);
    expect(before.events).toBe(held);
    expect(seqs(before.events)).toEqual([1, 2]);
    expect(before.ahead.size).toBe(0);
    // Filling the hole releases what was held, in order, in the same merge.
    const filled = mergeEvents(burst.log, [ev(6), ev(5)]);
    expect(filled).toMatchObject({ applied: 4, held: 0, gap: false });
    expect(seqs(filled.log.events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Nothing new: the same log, no copy.
    expect(mergeEvents(filled.log, [ev(3), ev(8)]).log).toBe(filled.log);
    expect(mergeEvents(filled.log, []).log).toBe(filled.log);
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
      ev(6, {
        type: 'tool_call',
        toolCallId: 't1',
        name: 'edit_file',
        title: 'Edit a.txt',
        input: { path: 'a.txt' },
        status: 'completed',
        output: 'ok',
      }),
      ev(7, { type: 'todo_list', items: [{ id: '1', content: 'Edit', status: 'completed' }] }),
      ev(8, { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Explore', status: 'running' }),
      ev(9, { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Explore', status: 'completed', summary: 'done' }),
    ]);
    const tool = t.items.find((i) => i.kind === 'tool');
    expect(tool).toMatchObject({ status: 'completed', output: 'ok', diffs: [{ path: 'a.txt', oldText: 'a', newText: 'b' }] });
    // The prompt lives in its tool card, with the answer.
    expect(tool).toMatchObject({ permissions: [{ requestId: 'r1', open: false, decision: { decision: 'allow', scope: 'once' } }] });
    expect(t.items.map((i) => i.kind)).toEqual(['user', 'tool', 'subagent']);
    expect(t.pendingPermissions).toEqual([]);
    expect(t.todos).toEqual([{ id: '1', content: 'Edit', status: 'completed' }]);
    expect(t.subagents).toEqual([expect.objectContaining({ agentId: 'a1', status: 'completed', summary: 'done' })]);
    expect(t.items.filter((i) => i.kind === 'subagent')).toHaveLength(1);
  });

  it('keeps a prompt open until answered, closes it unanswered when its turn ends', () => {
    const base = [
      ev(1, { type: 'user_message', clientMsgId: 'c1', text: 'edit' }),
      ev(2, { type: 'tool_call', toolCallId: 't1', name: 'edit_file', title: 'Edit a.txt', input: {}, status: 'executing' }),
      ev(3, { type: 'permission_request', requestId: 'r1', toolCallId: 't1', tool: 'edit_file', summary: 'Edit a.txt', input: {} }),
    ] as const;
    const open = buildTimeline([...base]);
    expect(open.pendingPermissions).toEqual(['r1']);
    expect(open.items[1]).toMatchObject({ kind: 'tool', permissions: [{ requestId: 'r1', open: true, decision: null }] });
    const ended = buildTimeline([...base, ev(4, { type: 'turn_end', reason: 'interrupted' })]);
    expect(ended.pendingPermissions).toEqual([]);
    expect(ended.items[1]).toMatchObject({ permissions: [{ requestId: 'r1', open: false, decision: null }] });
    // A request that arrives before its tool_call still gets a card, which the tool_call then fills in.
    const early = buildTimeline([
      ev(1, {
        type: 'permission_request',
        requestId: 'r2',
        toolCallId: 't2',
        tool: 'run_command',
        summary: 'Run ls',
        input: { command: 'ls' },
      }),
      ev(2, { type: 'tool_call', toolCallId: 't2', name: 'run_command', title: 'ls', input: { command: 'ls' }, status: 'executing' }),
    ]);
    expect(early.items).toEqual([
      expect.objectContaining({ kind: 'tool', seq: 1, title: 'ls', permissions: [expect.objectContaining({ requestId: 'r2' })] }),
    ]);
  });

  it('nests a sub-agent’s tool calls, output, diffs and prompts inside its card', () => {
    const t = buildTimeline([
      ev(1, { type: 'tool_call', toolCallId: 'spawn', name: 'spawn_subagent', title: 'Explore', input: {}, status: 'executing' }),
      ev(2, { type: 'subagent', agentId: 'a1', parentToolCallId: 'spawn', title: 'Explore', status: 'running' }),
      ev(3, { type: 'tool_call', toolCallId: 's1', agentId: 'a1', name: 'run_command', title: 'ls', input: {}, status: 'executing' }),
      ev(4, {
        type: 'permission_request',
        requestId: 'r1',
        toolCallId: 's1',
        agentId: 'a1',
        tool: 'run_command',
        summary: 'Run ls',
        input: {},
      }),
      ev(5, { type: 'tool_output', toolCallId: 's1', agentId: 'a1', stream: 'stdout', chunk: 'a.txt' }),
      ev(6, { type: 'file_diff', toolCallId: 'other', agentId: 'a1', path: 'b.txt', oldText: '', newText: 'x' }),
      ev(7, { type: 'tool_call', toolCallId: 'm1', name: 'read_file', title: 'Read', input: {}, status: 'completed' }),
      // A call from an agent with no card stays in the main stream.
      ev(8, { type: 'tool_call', toolCallId: 'g1', agentId: 'ghost', name: 'read_file', title: 'Ghost', input: {}, status: 'completed' }),
    ]);
    expect(t.items.map((i) => i.key)).toEqual(['tool:spawn', 'subagent:a1', 'tool:m1', 'tool:g1']);
    const agent = t.items[1];
    if (agent?.kind !== 'subagent') throw new Error('no sub-agent card');
    expect(agent.children.map((c) => c.key)).toEqual(['tool:s1', 'diff:6']);
    expect(agent.children[0]).toMatchObject({ stream: [{ chunk: 'a.txt' }], permissions: [{ requestId: 'r1', open: true }] });
    expect(t.pendingPermissions).toEqual(['r1']);
    expect(t.subagents).toEqual([agent]);
  });

  it('keeps notice and error codes and params for translation', () => {
    const t = buildTimeline([
      ev(1, { type: 'notice', level: 'info', text: 'Ready in /w — model m.', code: 'cli.ready', params: { cwd: '/w', model: 'm' } }),
      ev(2, { type: 'error', code: 'MODEL_ERROR', message: 'HTTP 500', params: { status: 500 } }),
    ]);
    expect(t.items).toEqual([
      expect.objectContaining({ kind: 'notice', code: 'cli.ready', params: { cwd: '/w', model: 'm' }, text: 'Ready in /w — model m.' }),
      expect.objectContaining({ kind: 'error', code: 'MODEL_ERROR', params: { status: 500 } }),
    ]);
  });
});

describe('event log: the latest page first', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ev(from + i));

  it('startAt begins a log that ends before the tail join’s `from` just after it, keeping events already held past it', () => {
    const fresh = startAt(undefined, SID, 500)!;
    expect(fresh).toMatchObject({ base: 500, lastSeq: 500, events: [] });
    expect(seqs(mergeEvents(fresh, range(501, 503)).log.events)).toEqual([501, 502, 503]);
    // A live push of seq 502 got in first (held past a hole from 0): it is kept and released once 501 arrives.
    const early = mergeEvents(emptyLog(SID), [ev(502)]).log;
    const started = startAt(early, SID, 500)!;
    expect(started.lastSeq).toBe(500);
    expect(seqs(mergeEvents(started, [ev(501)]).log.events)).toEqual([501, 502]);
    // A log that reaches `from` is left alone; one that ends before it (a far older stretch) starts over there.
    const held = mergeEvents(emptyLog(SID), range(1, 3)).log;
    expect(startAt(held, SID, 3)).toBe(held);
    expect(startAt(held, SID, 2)).toBe(held);
    expect(startAt(held, SID, 500)).toMatchObject({ base: 500, lastSeq: 500, events: [] });
    const ahead = { ...emptyLog(SID), base: 600, lastSeq: 600 };
    expect(startAt(ahead, SID, 500)).toBe(ahead);
  });

  it('prependEvents puts an older page in front, down to the first event, and refuses a page that does not join', () => {
    const tail = mergeEvents(startAt(undefined, SID, 8)!, range(9, 12)).log;
    const older = prependEvents(tail, range(4, 8))!;
    expect(older.base).toBe(3);
    expect(seqs(older.events)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(older.lastSeq).toBe(12);
    expect(isCommitted(older, ev(5).eventId)).toBe(true);
    // Out of order in the page, and events of another session or past the base, are sorted and left out.
    const first = prependEvents(older, [ev(3), ev(1), ev(2), { ...ev(9) }, { ...ev(2), sessionId: 'other' }])!;
    expect(first.base).toBe(0);
    expect(seqs(first.events)).toEqual(range(1, 12).map((e) => e.seq));
    expect(prependEvents(first, range(1, 2))).toBeNull();
    // A page that stops short of the base, or repeats a seq, is not applied; an empty page says nothing is older.
    expect(prependEvents(older, range(1, 2))).toBeNull();
    expect(prependEvents(older, [ev(2), ev(3), ev(3)])).toBeNull();
    expect(prependEvents(older, [])).toMatchObject({ base: 0, events: older.events });
    // New events still append after a prepend.
    expect(seqs(mergeEvents(first, [ev(13)]).log.events).at(-1)).toBe(13);
  });
});

describe('event log and the cache', () => {
  it('withCachedEvents starts a log just before the first cached event, so a replay continues from the last one', () => {
    const log = withCachedEvents(undefined, SID, [ev(41), ev(42), ev(43)])!;
    expect(log).toMatchObject({ base: 40, lastSeq: 43 });
    expect(seqs(log.events)).toEqual([41, 42, 43]);
    expect(applyEvent(log, ev(44)).result).toBe('applied');
  });

  it('withCachedEvents merges into a log the session already has and leaves it alone when nothing was cached', () => {
    let log = emptyLog(SID);
    for (const seq of [1, 2]) log = applyEvent(log, ev(seq)).log;
    expect(seqs(withCachedEvents(log, SID, [ev(2), ev(3)])!.events)).toEqual([1, 2, 3]);
    expect(withCachedEvents(log, SID, [])).toBe(log);
    expect(withCachedEvents(undefined, SID, [])).toBeUndefined();
  });

  it('storedInputs lists the clientMsgIds of user messages that arrived between two logs', () => {
    const user = (seq: number, clientMsgId: string) => ev(seq, { type: 'user_message', clientMsgId, text: 'hi' });
    const before = applyEvent(emptyLog(SID), user(1, 'c1')).log;
    const after = mergeEvents(before, [ev(2), user(3, 'c2'), user(4, 'c3')]).log;
    expect(storedInputs(before, after)).toEqual(['c2', 'c3']);
    expect(storedInputs(after, after)).toEqual([]);
  });
});
