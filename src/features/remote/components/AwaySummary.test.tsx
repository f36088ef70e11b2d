// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { SessionEvent } from '#protocol/remote';

import { timelineBuilder } from '../model/timeline';
import { useAwaySummary } from './AwaySummary';

const SID = '00000000-0000-4000-8000-000000000001';
const event = (seq: number): SessionEvent => ({
  sessionId: SID,
  seq,
  eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: new Date(seq * 1000).toISOString(),
  body: { type: 'assistant_message', messageId: `m${seq}`, text: `answer ${seq}` },
});
const upTo = (n: number) => Array.from({ length: n }, (_, i) => event(i + 1));

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

/** The hook over a session holding seqs 1-2, with nothing live; rerender with the events and live ids of the moment. */
function renderAway() {
  const build = timelineBuilder();
  return renderHook(
    ({ events, live }: { events: SessionEvent[]; live: { eventId: string }[] }) => useAwaySummary(SID, events, build(events), live),
    { initialProps: { events: upTo(2), live: [] as { eventId: string }[] } },
  );
}

describe('useAwaySummary', () => {
  afterEach(() => {
    cleanup();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('counts events seen only live on return once their stored copies arrive, and not later ones', () => {
    const { result, rerender } = renderAway();
    setVisibility('hidden');
    // While away: seq 3 was stored, 4 and 5 came live only (their stored copies still on the way).
    rerender({ events: upTo(3), live: [{ eventId: event(4).eventId }, { eventId: event(5).eventId }] });
    setVisibility('visible');
    expect(result.current.summary?.toSeq).toBe(3);
    rerender({ events: upTo(5), live: [] });
    expect(result.current.summary?.toSeq).toBe(5);
    // Something that happened after the return is not "while you were away".
    rerender({ events: upTo(6), live: [] });
    expect(result.current.summary?.toSeq).toBe(5);
  });

  it('shows a summary once the stored copies arrive when only live events came while away', () => {
    const { result, rerender } = renderAway();
    setVisibility('hidden');
    rerender({ events: upTo(2), live: [{ eventId: event(3).eventId }] });
    setVisibility('visible');
    expect(result.current.summary).toBeNull();
    rerender({ events: upTo(3), live: [] });
    expect(result.current.summary).toMatchObject({ fromSeq: 2, toSeq: 3 });
  });
});
