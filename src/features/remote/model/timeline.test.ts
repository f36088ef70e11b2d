import { describe, expect, it } from 'vitest';

import type { SessionEvent, SessionEventBody } from '#protocol/remote';

import { buildTimeline, closeEndedPrompts, nestSubagents, type PermissionDecision, type TimelineItem } from './timeline';
import { emptyDraft, foldEvent, placeholderTool } from './timelineFold';

const SID = '00000000-0000-4000-8000-0000000000bb';
/** Events with seq 1, 2, 3 … in the order given. */
const log = (...bodies: SessionEventBody[]): SessionEvent[] =>
  bodies.map((body, i) => ({
    sessionId: SID,
    seq: i + 1,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    at: '2026-01-01T00:00:00Z',
    body,
  }));

const user = (clientMsgId: string, text = 'hi'): SessionEventBody => ({ type: 'user_message', clientMsgId, text });
const call = (toolCallId: string, extra: Partial<Extract<SessionEventBody, { type: 'tool_call' }>> = {}): SessionEventBody => ({
  type: 'tool_call',
  toolCallId,
  name: 'shell',
  title: `run ${toolCallId}`,
  input: { cmd: 'ls' },
  status: 'executing',
  ...extra,
});
const ask = (requestId: string, toolCallId: string, agentId?: string): SessionEventBody => ({
  type: 'permission_request',
  requestId,
  toolCallId,
  tool: 'edit',
  summary: `may I ${requestId}`,
  input: { path: 'a.ts' },
  ...(agentId && { agentId }),
});
const answer = (requestId: string, decision: PermissionDecision = 'allow'): SessionEventBody => ({
  type: 'permission_response',
  requestId,
  decision,
  scope: 'once',
});
const turnEnd = (reason: 'completed' | 'interrupted' = 'completed'): SessionEventBody => ({ type: 'turn_end', reason });

describe('buildTimeline', () => {
  it('is empty for no events', () => {
    expect(buildTimeline([])).toEqual({ items: [], todos: [], subagents: [], running: false, pendingPermissions: [], sentIds: new Set() });
  });

  it('shows user messages, collects their clientMsgIds and runs until the turn ends', () => {
    const running = buildTimeline(log(user('c1', 'hello')));
    expect(running.items).toEqual([{ kind: 'user', key: 'user:1', seq: 1, text: 'hello', clientMsgId: 'c1' }]);
    expect(running.sentIds).toEqual(new Set(['c1']));
    expect(running.running).toBe(true);
    const done = buildTimeline(log(user('c1'), turnEnd(), user('c2'), turnEnd()));
    expect(done.running).toBe(false);
    expect(done.sentIds).toEqual(new Set(['c1', 'c2']));
    // A completed turn leaves no card; any other ending does.
    expect(done.items.map((i) => i.kind)).toEqual(['user', 'user']);
    expect(buildTimeline(log(user('c1'), turnEnd('interrupted'))).items.at(-1)).toEqual({
      kind: 'turnEnd',
      key: 'turnEnd:2',
      seq: 2,
      reason: 'interrupted',
    });
  });

  it('streams assistant deltas into one card that the final message replaces; later deltas are ignored', () => {
    const events = log({ type: 'assistant_delta', messageId: 'm1', text: 'Hel' }, { type: 'assistant_delta', messageId: 'm1', text: 'lo' });
    expect(buildTimeline(events).items).toEqual([
      { kind: 'assistant', key: 'assistant:m1', seq: 1, messageId: 'm1', text: 'Hello', streaming: true },
    ]);
    const final = log(
      { type: 'assistant_delta', messageId: 'm1', text: 'Hel' },
      { type: 'assistant_message', messageId: 'm1', text: 'Hello!' },
      { type: 'assistant_delta', messageId: 'm1', text: ' late' },
      { type: 'assistant_message', messageId: 'm2', text: 'Second' },
    );
    expect(buildTimeline(final).items).toEqual([
      { kind: 'assistant', key: 'assistant:m1', seq: 1, messageId: 'm1', text: 'Hello!', streaming: false },
      { kind: 'assistant', key: 'assistant:m2', seq: 4, messageId: 'm2', text: 'Second', streaming: false },
    ]);
  });

  it('updates a tool card in place with its output, diffs and final status', () => {
    const { items } = buildTimeline(
      log(
        call('t1'),
        { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'a' },
        { type: 'tool_output', toolCallId: 't1', stream: 'stderr', chunk: 'b' },
        { type: 'file_diff', toolCallId: 't1', path: 'x.ts', oldText: '1', newText: '2' },
        call('t1', { status: 'failed', output: 'out', error: 'boom' }),
      ),
    );
    expect(items).toEqual([
      {
        kind: 'tool',
        key: 'tool:t1',
        seq: 1,
        toolCallId: 't1',
        name: 'shell',
        title: 'run t1',
        input: { cmd: 'ls' },
        status: 'failed',
        output: 'out',
        error: 'boom',
        stream: [
          { stream: 'stdout', chunk: 'a', seq: 2 },
          { stream: 'stderr', chunk: 'b', seq: 3 },
        ],
        diffs: [{ path: 'x.ts', oldText: '1', newText: '2', seq: 4 }],
        permissions: [],
        startedAt: '2026-01-01T00:00:00Z',
        endedAt: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  it('opens a placeholder card for output that arrives before its tool call, which the call then fills in', () => {
    const early = buildTimeline(log({ type: 'tool_output', toolCallId: 't1', agentId: 'a9', stream: 'stdout', chunk: 'x' }));
    expect(early.items).toEqual([
      {
        kind: 'tool',
        key: 'tool:t1',
        seq: 1,
        toolCallId: 't1',
        name: 'shell',
        title: '',
        input: null,
        status: 'executing',
        stream: [{ stream: 'stdout', chunk: 'x', seq: 1 }],
        diffs: [],
        permissions: [],
        agentId: 'a9',
      },
    ]);
    const filled = buildTimeline(
      log({ type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'x' }, call('t1', { name: 'grep', status: 'completed' })),
    );
    expect(filled.items).toEqual([
      {
        kind: 'tool',
        key: 'tool:t1',
        seq: 1,
        toolCallId: 't1',
        name: 'grep',
        title: 'run t1',
        input: { cmd: 'ls' },
        status: 'completed',
        stream: [{ stream: 'stdout', chunk: 'x', seq: 1 }],
        diffs: [],
        permissions: [],
        startedAt: '2026-01-01T00:00:00Z',
        endedAt: '2026-01-01T00:00:00Z',
      },
    ]);
  });

  it('shows a diff without a known tool call as its own card', () => {
    const { items } = buildTimeline(log({ type: 'file_diff', toolCallId: 't7', agentId: 'a1', path: 'y.ts', oldText: '', newText: 'new' }));
    expect(items).toEqual([
      { kind: 'diff', key: 'diff:1', seq: 1, toolCallId: 't7', diff: { path: 'y.ts', oldText: '', newText: 'new', seq: 1 }, agentId: 'a1' },
    ]);
  });

  it('keeps the last todo list', () => {
    const { todos, items } = buildTimeline(
      log(
        { type: 'todo_list', items: [{ id: '1', content: 'a', status: 'pending' }] },
        {
          type: 'todo_list',
          items: [
            { id: '1', content: 'a', status: 'completed' },
            { id: '2', content: 'b', status: 'in_progress' },
          ],
        },
      ),
    );
    expect(todos).toEqual([
      { id: '1', content: 'a', status: 'completed' },
      { id: '2', content: 'b', status: 'in_progress' },
    ]);
    expect(items).toEqual([]);
  });

  it('updates setup steps in place, keeping the first seq', () => {
    const { items } = buildTimeline(
      log({ type: 'setup_step', stepId: 's1', title: 'Install', status: 'running' }, user('c1'), {
        type: 'setup_step',
        stepId: 's1',
        title: 'Installed',
        status: 'done',
        detail: 'ok',
      }),
    );
    expect(items).toEqual([
      { kind: 'setup', key: 'setup:s1', seq: 1, stepId: 's1', title: 'Installed', status: 'done', detail: 'ok' },
      { kind: 'user', key: 'user:2', seq: 2, text: 'hi', clientMsgId: 'c1' },
    ]);
  });

  it('shows errors and notices with their codes and params', () => {
    const { items } = buildTimeline(
      log(
        { type: 'error', code: 'E1', message: 'bad' },
        { type: 'error', code: 'E2', message: 'worse', params: { n: 2 } },
        { type: 'notice', level: 'info', text: 'fyi' },
        { type: 'notice', level: 'warning', text: 'careful', code: 'N1', params: { who: 'x' } },
      ),
    );
    expect(items).toEqual([
      { kind: 'error', key: 'error:1', seq: 1, code: 'E1', message: 'bad' },
      { kind: 'error', key: 'error:2', seq: 2, code: 'E2', message: 'worse', params: { n: 2 } },
      { kind: 'notice', key: 'notice:3', seq: 3, level: 'info', text: 'fyi' },
      { kind: 'notice', key: 'notice:4', seq: 4, level: 'warning', text: 'careful', code: 'N1', params: { who: 'x' } },
    ]);
  });
});

describe('buildTimeline: permissions', () => {
  it('puts a request inside its tool card and records the answer', () => {
    const waiting = buildTimeline(log(user('c1'), call('t1'), ask('r1', 't1')));
    expect(waiting.pendingPermissions).toEqual(['r1']);
    const tool = waiting.items[1];
    expect(tool).toMatchObject({
      kind: 'tool',
      permissions: [{ requestId: 'r1', seq: 3, tool: 'edit', summary: 'may I r1', input: { path: 'a.ts' }, decision: null, open: true }],
    });

    const answered = buildTimeline(log(user('c1'), call('t1'), ask('r1', 't1'), answer('r1', 'deny')));
    expect(answered.pendingPermissions).toEqual([]);
    expect(answered.items[1]).toMatchObject({
      permissions: [
        { requestId: 'r1', open: false, decision: { type: 'permission_response', requestId: 'r1', decision: 'deny', scope: 'once' } },
      ],
    });
  });

  it('keeps the first answer and ignores answers to unknown requests', () => {
    const { items, pendingPermissions } = buildTimeline(
      log(call('t1'), ask('r1', 't1'), answer('r1', 'deny'), answer('r1', 'allow'), answer('r404')),
    );
    expect(pendingPermissions).toEqual([]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ permissions: [{ requestId: 'r1', decision: { decision: 'deny' } }] });
  });

  it('opens a card named after the request when it comes before its tool call', () => {
    const { items } = buildTimeline(log(ask('r1', 't1')));
    expect(items).toEqual([
      {
        kind: 'tool',
        key: 'tool:t1',
        seq: 1,
        toolCallId: 't1',
        name: 'edit',
        title: 'may I r1',
        input: { path: 'a.ts' },
        status: 'executing',
        stream: [],
        diffs: [],
        permissions: [{ requestId: 'r1', seq: 1, tool: 'edit', summary: 'may I r1', input: { path: 'a.ts' }, decision: null, open: true }],
      },
    ]);
  });

  it('a turn that ended closes its unanswered prompts; requests after it stay open', () => {
    const { items, pendingPermissions } = buildTimeline(
      log(user('c1'), call('t1'), ask('r1', 't1'), turnEnd('interrupted'), user('c2'), ask('r2', 't1'), ask('r3', 't2')),
    );
    expect(pendingPermissions).toEqual(['r2', 'r3']);
    expect(items[1]).toMatchObject({
      permissions: [
        { requestId: 'r1', open: false, decision: null },
        { requestId: 'r2', open: true },
      ],
    });
    expect(items.at(-1)).toMatchObject({ key: 'tool:t2', permissions: [{ requestId: 'r3', open: true }] });
  });
});

describe('buildTimeline: sub-agents', () => {
  it('nests the calls and diffs of a sub-agent inside its card and lists the sub-agents', () => {
    const timeline = buildTimeline(
      log(
        call('t1'),
        { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Research', status: 'running' },
        call('t2', { agentId: 'a1' }),
        { type: 'file_diff', toolCallId: 't9', agentId: 'a1', path: 'z.ts', oldText: '', newText: 'z' },
        { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'Research done', status: 'completed', summary: 'found it' },
        call('t3'),
      ),
    );
    expect(timeline.items.map((i) => i.key)).toEqual(['tool:t1', 'subagent:a1', 'tool:t3']);
    const card = timeline.items[1];
    expect(card).toMatchObject({ kind: 'subagent', seq: 2, title: 'Research done', status: 'completed', summary: 'found it' });
    expect(card?.kind === 'subagent' && card.children.map((c) => c.key)).toEqual(['tool:t2', 'diff:4']);
    expect(timeline.subagents).toEqual([card]);
  });

  it('leaves calls of a sub-agent without a card in the main stream', () => {
    const { items, subagents } = buildTimeline(log(call('t2', { agentId: 'ghost' }), ask('r1', 't3', 'ghost')));
    expect(items.map((i) => i.key)).toEqual(['tool:t2', 'tool:t3']);
    expect(items[1]).toMatchObject({ agentId: 'ghost' });
    expect(subagents).toEqual([]);
  });

  it('nests a call made before the sub-agent card showed up', () => {
    const { items } = buildTimeline(
      log(call('t2', { agentId: 'a1' }), { type: 'subagent', agentId: 'a1', parentToolCallId: 't1', title: 'R', status: 'initializing' }),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'subagent', children: [{ key: 'tool:t2' }] });
  });
});

describe('timeline pieces', () => {
  const prompt = (requestId: string, seq: number, open = true) => ({
    requestId,
    seq,
    tool: 'edit',
    summary: '',
    input: null,
    decision: null,
    open,
  });
  const tool = (id: string, extra: Partial<Extract<TimelineItem, { kind: 'tool' }>> = {}): TimelineItem => ({
    ...placeholderTool(id, 1, undefined),
    ...extra,
  });

  it('foldEvent updates the draft in place: cards by key, the turn markers and the sent ids', () => {
    const draft = emptyDraft();
    for (const event of log(user('c1'), call('t1'), call('t1', { status: 'completed' }), turnEnd())) foldEvent(draft, event);
    expect(draft.items.map((i) => i.key)).toEqual(['user:1', 'tool:t1']);
    expect(draft.byKey).toEqual(
      new Map([
        ['user:1', 0],
        ['tool:t1', 1],
      ]),
    );
    expect(draft.items[1]).toMatchObject({ seq: 2, status: 'completed' });
    expect(draft).toMatchObject({ lastUser: 1, lastTurnEnd: 4, sentIds: new Set(['c1']) });
  });

  it('closeEndedPrompts closes open prompts older than the last turn end and lists the rest', () => {
    const items = [
      tool('t1', { permissions: [prompt('r1', 2), prompt('r2', 6)] }),
      tool('t2', { permissions: [prompt('r3', 3, false)] }),
      tool('t3'),
    ];
    const { items: closed, pendingPermissions } = closeEndedPrompts(items, 5);
    expect(pendingPermissions).toEqual(['r2']);
    expect(closed[0]).toMatchObject({
      permissions: [
        { requestId: 'r1', open: false },
        { requestId: 'r2', open: true },
      ],
    });
    // Cards without an open prompt are passed through as they are, and the input is left alone.
    expect(closed[1]).toBe(items[1]);
    expect(closed[2]).toBe(items[2]);
    expect(items[0]).toMatchObject({ permissions: [{ open: true }, { open: true }] });
    expect(closeEndedPrompts(items, 0).pendingPermissions).toEqual(['r1', 'r2']);
  });

  it('nestSubagents moves tool and diff cards with a known agentId into that card, in order', () => {
    const agent: TimelineItem = {
      kind: 'subagent',
      key: 'subagent:a1',
      seq: 2,
      agentId: 'a1',
      parentToolCallId: 't0',
      title: 'A',
      status: 'running',
      children: [],
    };
    const diff: TimelineItem = {
      kind: 'diff',
      key: 'diff:5',
      seq: 5,
      toolCallId: 't4',
      diff: { path: 'p', oldText: '', newText: 'n', seq: 5 },
      agentId: 'a1',
    };
    const items = [tool('t0'), agent, tool('t1', { agentId: 'a1' }), tool('t2', { agentId: 'a2' }), diff];
    const { top, subagents } = nestSubagents(items);
    expect(top.map((i) => i.key)).toEqual(['tool:t0', 'subagent:a1', 'tool:t2']);
    expect(subagents).toEqual([{ ...agent, children: [items[2], diff] }]);
    expect(top[1]).toBe(subagents[0]);
    expect(agent.children).toEqual([]);
  });
});
