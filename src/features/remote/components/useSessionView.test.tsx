// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionEvent } from '#protocol/remote';

import { IID, instance, session, SID } from '../client/storeTestRig';
import { emptyLog } from '../model/eventLog';
import { initialRemoteState, type RemoteState } from '../model/remoteState';
import { CATCH_UP_BEHIND, CATCH_UP_RENDER_MS, useCatchUp, useSessionView } from './useSessionView';

const upTo = (n: number): SessionEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    sessionId: SID,
    seq: i + 1,
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    at: new Date((i + 1) * 1000).toISOString(),
    body: { type: 'assistant_message', messageId: `m${i + 1}`, text: `answer ${i + 1}` },
  }));

describe('useCatchUp (a long replay is shown a few times a second, not per burst)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('passes every value through while not catching up', () => {
    const { result, rerender } = renderHook(({ value, on }) => useCatchUp(value, on), { initialProps: { value: 1, on: false } });
    expect(result.current).toBe(1);
    rerender({ value: 2, on: false });
    expect(result.current).toBe(2);
  });

  it('while catching up, holds what it showed and moves to the latest value every interval; shows the latest at once when done', () => {
    const { result, rerender } = renderHook(({ value, on }) => useCatchUp(value, on), { initialProps: { value: 1, on: true } });
    expect(result.current).toBe(1);
    rerender({ value: 2, on: true });
    rerender({ value: 3, on: true });
    expect(result.current).toBe(1);
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS - 1));
    expect(result.current).toBe(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(3);
    rerender({ value: 4, on: true });
    expect(result.current).toBe(3);
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS));
    expect(result.current).toBe(4);
    rerender({ value: 5, on: true });
    rerender({ value: 6, on: false });
    expect(result.current).toBe(6);
    // A later catch-up (another session, a re-join) starts from its own value, never one held from before.
    rerender({ value: 7, on: true });
    expect(result.current).toBe(7);
  });

  it('a catch-up that starts with nothing shown holds it until the catch-up ends (a first open renders its history once)', () => {
    const isEmpty = (value: number) => value === 0;
    const { result, rerender } = renderHook(({ value, on }) => useCatchUp(value, on, isEmpty), { initialProps: { value: 0, on: true } });
    rerender({ value: 500, on: true });
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS * 4));
    expect(result.current).toBe(0);
    rerender({ value: 9_900, on: true });
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS * 4));
    expect(result.current).toBe(0);
    rerender({ value: 10_000, on: false });
    expect(result.current).toBe(10_000);
    // A catch-up from something shown (a re-join after a long disconnect) still moves every interval.
    rerender({ value: 10_001, on: true });
    rerender({ value: 12_000, on: true });
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS));
    expect(result.current).toBe(12_000);
  });
});

describe('useSessionView: the spinner while a long replay has shown nothing yet', () => {
  const state = (patch: Partial<RemoteState>): RemoteState => ({
    ...initialRemoteState,
    instancesLoaded: true,
    instances: [instance],
    attach: { status: 'attached', instanceId: IID },
    sessions: { [IID]: [{ ...session, lastSeq: CATCH_UP_BEHIND + 50 }] },
    currentSessionId: SID,
    connection: { status: 'connected' },
    ...patch,
  });

  afterEach(cleanup);

  it('spins while connected and far behind the relay; not offline (nothing is coming), not once caught up', () => {
    expect(renderHook(() => useSessionView(state({}))).result.current.loading).toEqual({ held: 0, of: CATCH_UP_BEHIND + 50 });
    const offline = state({ connection: { status: 'reconnecting', attempt: 1, offline: true, retryAt: 0 } });
    expect(renderHook(() => useSessionView(offline)).result.current.loading).toBeNull();
    const caughtUp = state({ logs: { [SID]: { ...emptyLog(SID), base: CATCH_UP_BEHIND, lastSeq: CATCH_UP_BEHIND } } });
    expect(renderHook(() => useSessionView(caughtUp)).result.current.loading).toBeNull();
  });

  it('says how far the replay got, and shows none of it until it is caught up', () => {
    vi.useFakeTimers();
    const lastSeq = CATCH_UP_BEHIND * 10;
    const sessions = { [IID]: [{ ...session, lastSeq }] };
    const withEvents = (n: number) => state({ sessions, logs: { [SID]: { ...emptyLog(SID), events: upTo(n), lastSeq: n } } });
    const { result, rerender } = renderHook((s: RemoteState) => useSessionView(s), { initialProps: withEvents(0) });
    rerender(withEvents(500));
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS * 2));
    expect(result.current.loading).toEqual({ held: 500, of: lastSeq });
    expect(result.current.events).toHaveLength(0);
    rerender(withEvents(lastSeq - CATCH_UP_BEHIND - 1));
    act(() => void vi.advanceTimersByTime(CATCH_UP_RENDER_MS * 2));
    expect(result.current.events).toHaveLength(0);
    rerender(withEvents(lastSeq));
    expect(result.current.loading).toBeNull();
    expect(result.current.events).toHaveLength(lastSeq);
    expect(result.current.timeline.items.length).toBeGreaterThan(0);
    vi.useRealTimers();
  });

  it('a tail join counts its progress from where the log starts, and says older events are there to load', () => {
    const lastSeq = 10_000;
    const sessions = { [IID]: [{ ...session, lastSeq }] };
    const tail = (n: number, older: RemoteState['older'] = {}) =>
      state({
        sessions,
        older,
        logs: { [SID]: { ...emptyLog(SID), base: 9_500, lastSeq: 9_500 + n, events: upTo(9_500 + n).slice(9_500) } },
      });
    const empty = tail(0);
    const arriving = renderHook(() => useSessionView(empty)).result.current;
    expect(arriving.loading).toEqual({ held: 0, of: 500 });
    expect(arriving.older).toEqual({ more: true, status: null });
    const full = tail(500, { [SID]: 'loading' });
    const shown = renderHook(() => useSessionView(full)).result.current;
    expect(shown.loading).toBeNull();
    expect(shown.older).toEqual({ more: true, status: 'loading' });
    const whole = state({ sessions, logs: { [SID]: { ...emptyLog(SID), events: upTo(lastSeq), lastSeq } } });
    expect(renderHook(() => useSessionView(whole)).result.current.older).toEqual({ more: false, status: null });
  });
});
