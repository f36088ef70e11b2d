// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { IID, instance, session, SID } from '../client/storeTestRig';
import { emptyLog } from '../model/eventLog';
import { initialRemoteState, type RemoteState } from '../model/remoteState';
import { CATCH_UP_BEHIND, CATCH_UP_RENDER_MS, useCatchUp, useSessionView } from './useSessionView';

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
    expect(renderHook(() => useSessionView(state({}))).result.current.loading).toBe(true);
    const offline = state({ connection: { status: 'reconnecting', attempt: 1, offline: true, retryAt: 0 } });
    expect(renderHook(() => useSessionView(offline)).result.current.loading).toBe(false);
    const caughtUp = state({ logs: { [SID]: { ...emptyLog(SID), base: CATCH_UP_BEHIND, lastSeq: CATCH_UP_BEHIND } } });
    expect(renderHook(() => useSessionView(caughtUp)).result.current.loading).toBe(false);
  });
});
