import { describe, expect, it } from 'vitest';

import type { LiveSessionEvent, SessionEvent, SessionEventBody } from '#protocol/remote';

import { buildTimeline, timelineBuilder } from './timeline';

const SID = '00000000-0000-4000-8000-000000000001';
const live = (n: number, body: SessionEventBody): LiveSessionEvent => ({
  sessionId: SID,
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: '2026-01-01T00:00:00.000Z',
  body,
});
const stored = (n: number, body: SessionEventBody, seq = n): SessionEvent => ({ ...live(n, body), seq });

const user = { type: 'user_message', clientMsgId: 'c1', text: 'run it' } as const;
const call = { type: 'tool_call', toolCallId: 't1', name: 'shell', title: 'ls', input: {}, status: 'executing' } as const;
const out = { type: 'tool_output', toolCallId: 't1', stream: 'stdout', chunk: 'a\n' } as const;
const notice = { type: 'notice', level: 'info', text: 'fyi' } as const;

describe('timeline with live events (stored, then live)', () => {
  it('shows live events after the stored ones, as the stored copies will show them', () => {
    const build = timelineBuilder();
    const withLive = build([stored(1, user)], [live(2, call), live(3, out), live(4, notice)]);
    const allStored = buildTimeline([stored(1, user), stored(2, call), stored(3, out), stored(4, notice)]);
    expect(withLive.items).toEqual(allStored.items);
    expect(withLive.running).toBe(true);
  });

  it('a live event replaced by its stored copy keeps its item, key and content: the row does not change', () => {
    const build = timelineBuilder();
    const events = [stored(1, user)];
    const before = build(events, [live(2, call), live(3, notice)]);
    const committed = [...events, stored(2, call)];
    const after = build(committed, [live(3, notice)]);
    expect(after.items.map((i) => i.key)).toEqual(before.items.map((i) => i.key));
    expect(after.items).toEqual(before.items);
    // Everything stored: the same again, and the stored part was folded once (the user message kept its identity).
    const done = build([...committed, stored(3, notice)]);
    expect(done.items).toEqual(before.items);
    expect(done.items[0]).toBe(before.items[0]);
  });

  it('folding live events leaves the stored timeline as it was', () => {
    const build = timelineBuilder();
    const events = [stored(1, user), stored(2, call)];
    const plain = build(events);
    build(events, [live(3, out), live(4, { ...call, status: 'completed' })]);
    const again = build(events, []);
    expect(again.items).toEqual(plain.items);
    expect(again.items[1]).toMatchObject({ kind: 'tool', status: 'executing', stream: [] });
  });
});
