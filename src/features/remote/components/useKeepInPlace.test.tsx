// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAnchor, useKeepInPlace } from './useKeepInPlace';
import { ESTIMATED_ROW, rowOffsets } from './useVirtualRows';

afterEach(cleanup);

/**
 * The chat's list as useChatFollow hands it to useKeepInPlace, with a scroller that is only a number: `scrollBy` moves
 * it, and the ResizeObserver's correction (useRowHeights) is played by moving it and calling `shifted`.
 */
function rig(keys: string[], heights: Map<string, number>, viewTop: number) {
  const scrollBy = vi.fn<(delta: number) => void>();
  const prepended = vi.fn<(count: number) => void>();
  const following = { current: false };
  const lastListTop = { current: 0 };
  const listTop = () => (lastListTop.current = 0);
  const hook = renderHook(
    ({ keys, offsets }: { keys: string[]; offsets: Float64Array }) => {
      const { anchorRef, shifted } = useAnchor();
      useKeepInPlace({ anchorRef, following, keys, offsets, viewTop, listTop, lastListTop, scrollBy, prepended });
      return shifted;
    },
    { initialProps: { keys, offsets: rowOffsets(keys, heights) } },
  );
  return { hook, scrollBy, prepended, following };
}

const rows = (...names: string[]) => names.map((n) => `row:${n}`);

describe('keeping the reader in place', () => {
  it('moves the view by the height of the rows put in above, and says how many', () => {
    const heights = new Map([
      ['row:a', 100],
      ['row:b', 100],
      ['row:c', 100],
      ['row:d', 100],
    ]);
    const { hook, scrollBy, prepended } = rig(rows('a', 'b', 'c', 'd'), heights, 150);
    expect(scrollBy).not.toHaveBeenCalled();

    const keys = rows('x', 'y', 'a', 'b', 'c', 'd');
    hook.rerender({ keys, offsets: rowOffsets(keys, heights) });
    // Row b, at the top of the view, was at 100; two estimated rows now come before a and b.
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy).toHaveBeenCalledWith(2 * ESTIMATED_ROW);
    expect(prepended).toHaveBeenCalledWith(2);
  });

  it('does not move the view again for heights the ResizeObserver already made up for, in the same render as new rows', () => {
    const heights = new Map([
      ['row:a', 100],
      ['row:b', 100],
      ['row:c', 100],
      ['row:d', 100],
    ]);
    const { hook, scrollBy } = rig(rows('a', 'b', 'c', 'd'), heights, 150);
    // Row a (above the view) is measured 40 px taller: the observer moves the scroller by 40 and says so…
    heights.set('row:a', 140);
    hook.result.current(40);
    // …and the render that follows also brings two older rows.
    const keys = rows('x', 'y', 'a', 'b', 'c', 'd');
    hook.rerender({ keys, offsets: rowOffsets(keys, heights) });
    // Only the new rows are made up for here: 40 more would move the reader 40 px past where they were.
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy).toHaveBeenCalledWith(2 * ESTIMATED_ROW);
  });

  it('leaves the view alone when only heights change, and while following the latest', () => {
    const heights = new Map([
      ['row:a', 100],
      ['row:b', 100],
    ]);
    const { hook, scrollBy, following } = rig(rows('a', 'b'), heights, 150);
    heights.set('row:a', 140);
    hook.result.current(40);
    hook.rerender({ keys: rows('a', 'b'), offsets: rowOffsets(rows('a', 'b'), heights) });
    expect(scrollBy).not.toHaveBeenCalled();

    following.current = true;
    const keys = rows('x', 'a', 'b');
    hook.rerender({ keys, offsets: rowOffsets(keys, heights) });
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
