// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CATCH_UP_RENDER_MS, useCatchUp } from './useSessionView';

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
