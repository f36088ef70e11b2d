import { type RefObject, useCallback, useMemo, useReducer, useRef, useState } from 'react';

import type { TimelineItem } from '../model/timeline';

/** A row's height before it has been on screen (a one-line tool card or a short message, with its gap). */
export const ESTIMATED_ROW = 72;
/** Rows rendered beyond each edge of the visible part, so a flick shows content, not blank space. */
export const OVERSCAN_PX = 1200;

/** The rows of the timeline the DOM holds, and the space the others take. */
export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  /** Ref callback for each rendered row (`data-key` set): measures it and keeps measuring while it is mounted. */
  measure: (el: HTMLElement | null) => (() => void) | undefined;
}

/** First index i with offsets[i + 1] > y (the row containing y), by binary search. */
export function rowAt(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1]! > y) hi = mid;
    else lo = mid + 1;
  }
  return Math.max(0, lo);
}

/** Row tops from the measured heights (estimates for rows not seen yet); offsets[n] is the list's height. */
export function rowOffsets(keys: readonly string[], heights: ReadonlyMap<string, number>): Float64Array {
  const offsets = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = offsets[i]! + (heights.get(keys[i]!) ?? ESTIMATED_ROW);
  return offsets;
}

/** The rows overlapping [top - overscan, top + height + overscan]. */
export function rowRange(offsets: Float64Array, top: number, height: number, overscan = OVERSCAN_PX): { start: number; end: number } {
  const n = offsets.length - 1;
  if (n === 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, Math.max(0, top - overscan));
  const end = Math.min(n, rowAt(offsets, top + height + overscan) + 1);
  return { start, end };
}

/**
 * Measures rendered rows (one ResizeObserver for all) and keeps what the reader looks at in place when a row above the
 * visible part changes height (`following`: at the bottom, the caller pins the end instead). `shifted` is told how far
 * the content was moved for that (useKeepInPlace.ts useAnchor).
 */
export function useRowHeights(
  items: readonly TimelineItem[],
  scroller: RefObject<HTMLElement | null>,
  following: RefObject<boolean>,
  shifted: (delta: number) => void = () => undefined,
): { keys: string[]; offsets: Float64Array; measure: RowWindow['measure'] } {
  // One mutable map for the component's life; `version` counts its changes.
  const [heights] = useState(() => new Map<string, number>());
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const observer = useRef<ResizeObserver | null>(null);
  const keys = useMemo(() => items.map((item) => item.key), [items]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` says the heights map changed
  const offsets = useMemo(() => rowOffsets(keys, heights), [keys, heights, version]);

  const measure = useCallback(
    (el: HTMLElement | null) => {
      if (!el) return undefined;
      if (!observer.current && typeof ResizeObserver !== 'undefined')
        observer.current = new ResizeObserver((entries) => {
          const view = scroller.current;
          const viewTop = view?.getBoundingClientRect().top ?? 0;
          let changed = false;
          let shift = 0;
          for (const entry of entries) {
            const row = entry.target as HTMLElement;
            const key = row.dataset.key;
            if (!key || !row.isConnected) continue;
            const height = entry.borderBoxSize?.[0]?.blockSize ?? row.offsetHeight;
            const before = heights.get(key);
            if (before === height) continue;
            heights.set(key, height);
            changed = true;
            // A row above the visible part grew or shrank: what the reader sees moved by as much.
            if (!following.current && row.getBoundingClientRect().bottom <= viewTop + 1) shift += height - (before ?? ESTIMATED_ROW);
          }
          if (!changed) return;
          if (view && shift) {
            view.scrollTop += shift;
            shifted(shift);
          }
          bump();
        });
      observer.current?.observe(el);
      return () => observer.current?.unobserve(el);
    },
    [scroller, following, heights, shifted],
  );
  return { keys, offsets, measure };
}
