import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '#protocol/remote';

import { summarizeAway } from './awaySummary';
import { buildTimeline, sameData, timelineBuilder } from './timeline';

const SID = '00000000-0000-4000-8000-0000000000cc';
/** Events with seq 1, 2, 3 …, one second apart. */
const log = (...bodies: SessionEventBody[]): SessionEvent[] =>
  bodies.map((body, i) => ({
    sessionId: SID,
    seq: i + 1,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    body,
  }));
const call = (toolCallId: string, extra: Partial<Extract<SessionEventBody, { type: 'tool_call' }>> = {}): SessionEventBody => ({
  type: 'tool_call',
  toolCallId,
  name: 'shell',
  title: `run ${toolCallId}`,
  input: { cmd: 'ls' },
  status: 'executing',
  ...extra,
});

describe('tool card duration', () => {
  it('runs from the call’s first event to the one that ended it', () => {
    const { items } = buildTimeline(
      log(call('t1'), { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'x' }, call('t1', { status: 'completed' })),
    );
    expect(items[0]).toMatchObject({ startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:02.000Z' });
  });
  it('has no end while the call runs, and keeps the first end', () => {
    expect(buildTimeline(log(call('t1'))).items[0]).not.toHaveProperty('endedAt');
    const twice = buildTimeline(
      log(call('t1'), call('t1', { status: 'failed', error: 'x' }), call('t1', { status: 'failed', error: 'y' })),
    );
    expect(twice.items[0]).toMatchObject({ endedAt: '2026-01-01T00:00:01.000Z' });
  });
});

describe('one message for an interrupt', () => {
  it('shows no second line after the CLI said the running turn was interrupted', () => {
    const { items } = buildTimeline(
      log(
        { type: 'user_message', clientMsgId: 'c1', text: '!sleep 25' },
        call('t1'),
        {
          type: 'notice',
          level: 'warning',
          text: 'The CLI restarted; the turn that was running was interrupted.',
          code: 'cli.turnRecovered',
        },
        call('t1', { status: 'failed', error: 'interrupted' }),
        { type: 'turn_end', reason: 'interrupted' },
      ),
    );
    expect(items.map((i) => i.kind)).toEqual(['user', 'tool', 'notice']);
  });
  it('keeps the turn’s line when the user interrupted', () => {
    const { items } = buildTimeline(
      log({ type: 'user_message', clientMsgId: 'c1', text: '!sleep 25' }, call('t1'), { type: 'turn_end', reason: 'interrupted' }),
    );
    expect(items.map((i) => i.kind)).toEqual(['user', 'tool', 'turnEnd']);
    expect(items[1]).toMatchObject({ status: 'failed', error: 'interrupted' });
  });
});

describe('while you were away', () => {
  const events = log(
    { type: 'user_message', clientMsgId: 'c1', text: 'fix it' },
    call('t1'),
    call('t1', { status: 'completed' }),
    call('t2', { name: 'edit_file' }),
    { type: 'file_diff', toolCallId: 't2', path: 'a.ts', oldText: '1', newText: '2' },
    call('t2', { name: 'edit_file', status: 'completed' }),
    call('t3'),
    call('t3', { status: 'failed', error: 'exit 1' }),
    { type: 'permission_request', requestId: 'r1', toolCallId: 't4', tool: 'shell', summary: 'rm -rf build', input: {} },
    { type: 'permission_request', requestId: 'r2', toolCallId: 't5', tool: 'shell', summary: 'ls', input: {} },
    { type: 'permission_response', requestId: 'r2', decision: 'allow', scope: 'once' },
    { type: 'assistant_message', messageId: 'm1', text: 'Half done; may I?' },
  );
  const timeline = buildTimeline(events);

  it('counts tool calls, failures, open approvals, files and the finished turn after the mark, each with a jump', () => {
    const summary = summarizeAway(events, 1, 12, timeline)!;
    expect(summary.tools).toEqual({ count: 3, jumpKey: 'tool:t1' });
    expect(summary.failures).toEqual({ count: 1, jumpKey: 'tool:t3' });
    expect(summary.approvals).toEqual({ count: 1, jumpKey: 'tool:t4' });
    expect(summary.files).toEqual({ count: 1, jumpKey: 'tool:t2', paths: ['a.ts'] });
    expect(summary.messages).toEqual({ count: 1, jumpKey: 'assistant:m1' });
    expect(summary.turn).toBeNull();
    for (const key of ['tool:t1', 'tool:t3', 'tool:t4', 'tool:t2', 'assistant:m1'])
      expect(timeline.items.some((i) => i.key === key)).toBe(true);
  });

  it('only looks at the missed range, and is null when nothing was missed', () => {
    const summary = summarizeAway(events, 7, 8, timeline)!;
    expect(summary.tools).toEqual({ count: 1, jumpKey: 'tool:t3' });
    expect(summary.failures).toEqual({ count: 1, jumpKey: 'tool:t3' });
    expect([summary.approvals, summary.files, summary.messages, summary.turn]).toEqual([null, null, null, null]);
    expect(summarizeAway(events, 12, 12, timeline)).toBeNull();
  });

  it('says the turn finished, jumping to the latest item (a completed turn has no line), and drops answered prompts', () => {
    const done = [...events, ...log({ type: 'turn_end', reason: 'completed' }).map((e) => ({ ...e, seq: 13 }))];
    const summary = summarizeAway(done, 1, 13, buildTimeline(done))!;
    expect(summary.turn).toEqual({ reason: 'completed', jumpKey: 'assistant:m1' });
    // The ended turn closed the request nobody answered: nothing waits for approval any more.
    expect(summary.approvals).toBeNull();
  });

  it('does not count an interrupted call as a failure', () => {
    const cut = log(call('t1'), call('t1', { status: 'failed', error: 'interrupted' }), { type: 'turn_end', reason: 'interrupted' });
    const summary = summarizeAway(cut, 0, 3, buildTimeline(cut))!;
    expect(summary.failures).toBeNull();
    expect(summary.turn).toEqual({ reason: 'interrupted', jumpKey: 'turnEnd:3' });
  });
});

describe('timelineBuilder', () => {
  const events = log(
    { type: 'user_message', clientMsgId: 'c1', text: 'go' },
    call('t1'),
    { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'a' },
    { type: 'permission_request', requestId: 'r1', toolCallId: 't2', tool: 'shell', summary: 'ls', input: {} },
    call('t1', { status: 'completed' }),
    { type: 'assistant_message', messageId: 'm1', text: 'ok' },
    { type: 'turn_end', reason: 'completed' },
  );

  it('gives what buildTimeline gives for every prefix of a growing log, folding only the new events', () => {
    const build = timelineBuilder();
    for (let n = 0; n <= events.length; n++) expect(build(events.slice(0, n))).toEqual(buildTimeline(events.slice(0, n)));
  });

  it('keeps unchanged items and starts over for another list', () => {
    const build = timelineBuilder();
    const first = build(events.slice(0, 6));
    const second = build(events.slice(0, 7));
    expect(second.items[0]).toBe(first.items[0]);
    const other = log({ type: 'user_message', clientMsgId: 'c9', text: 'another session' });
    expect(build(other)).toEqual(buildTimeline(other));
    expect(build(events)).toEqual(buildTimeline(events));
  });

  it('an older page put in front folds afresh, and items that came out the same keep their identity', () => {
    const build = timelineBuilder();
    // The tail alone: the output and the end of t1 show as a card of their own (its call is in the older part).
    const tail = build(events.slice(3));
    const whole = build(events);
    expect(whole).toEqual(buildTimeline(events));
    const byKey = (items: typeof tail.items, key: string) => items.find((i) => i.key === key);
    // The answer and the turn end are the same: the very same objects (their rows are not rendered again) …
    for (const key of ['assistant:m1', 'turnEnd:7'].filter((k) => byKey(tail.items, k)))
      expect(byKey(whole.items, key)).toBe(byKey(tail.items, key));
    expect(whole.items.filter((i) => tail.items.includes(i)).length).toBeGreaterThan(0);
    // … and what the older events changed is new.
    expect(whole.items.find((i) => i.kind === 'user')).toBeDefined();
  });

  it('sameData compares JSON-like data deeply', () => {
    expect(sameData({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameData({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData('a', 'a')).toBe(true);
    expect(sameData(null, {})).toBe(false);
  });
});
