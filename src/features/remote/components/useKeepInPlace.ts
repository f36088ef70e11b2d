import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

import { rowAt } from './useVirtualRows';

/**
 * Where the chat's list is: the part of it in view (`view.top` from the list's top, `view.height`, set by `readView`
 * from the scroller), and where the list starts in the scroller's content (`listTop()` reads it, below the row of
 * older events when there is one; `lastListTop` is the last value read).
 */
export function useListView(scroller: RefObject<HTMLDivElement | null>, list: RefObject<HTMLOListElement | null>) {
  const [view, setView] = useState({ top: 0, height: 0 });
  const lastListTop = useRef(0);
  const listTop = useCallback(() => {
    const el = scroller.current;
    const ol = list.current;
    lastListTop.current = el && ol ? ol.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop : 0;
    return lastListTop.current;
  }, [scroller, list]);
  const readView = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = { top: el.scrollTop - listTop(), height: el.clientHeight };
    setView((v) => (Math.abs(v.top - next.top) < 1 && v.height === next.height ? v : next));
  }, [scroller, listTop]);
  return { view, listTop, lastListTop, readView };
}

/** The row at the top of the view when the rows last changed, and where it was in the scroller's content. */
export interface Anchor {
  keys: readonly string[];
  key: string;
  at: number;
}

/**
 * The anchor of useKeepInPlace, shared with the ResizeObserver of useRowHeights: `shifted(delta)` says that the
 * observer moved the content by `delta` px to make up for rows above the view that changed height. The anchor's row
 * moved by as much, so the anchor moves with it. Otherwise a render that brings both (new rows above, and the heights
 * the observer has made up for) would move the view twice for the heights.
 */
export function useAnchor() {
  const anchorRef = useRef<Anchor | null>(null);
  const shifted = useCallback((delta: number) => {
    if (anchorRef.current) anchorRef.current.at += delta;
  }, []);
  return { anchorRef, shifted };
}

/**
 * Rows put in above what the reader looks at (an older page loaded, a fold that changed above) leave it in place: the
 * row at the top of the view keeps its position in the content, `at` (list top plus row offset). Heights measured later
 * are the ResizeObserver's part (useRowHeights, which moves the anchor by what it made up for: useAnchor); this acts
 * only when the rows themselves changed, and reads the layout only then (on every render, it forced a layout per
 * scroll frame). `prepended`: how many rows went in before the first one (they are not "new": the pill counts what
 * arrives at the end). Nothing happens while following the latest.
 */
export function useKeepInPlace({
  anchorRef,
  following,
  keys,
  offsets,
  viewTop,
  listTop,
  lastListTop,
  scrollBy,
  prepended,
}: {
  anchorRef: RefObject<Anchor | null>;
  following: RefObject<boolean>;
  keys: readonly string[];
  offsets: Float64Array;
  viewTop: number;
  listTop: () => number;
  lastListTop: RefObject<number>;
  /** Moves the scroller's content by `delta` px (and reads the view again). */
  scrollBy: (delta: number) => void;
  prepended: (count: number) => void;
}): void {
  useLayoutEffect(() => {
    if (following.current) {
      anchorRef.current = null;
      return;
    }
    const was = anchorRef.current;
    if (was && was.keys !== keys) {
      const index = keys.indexOf(was.key);
      const at = index >= 0 ? listTop() + offsets[index]! : was.at;
      if (Math.abs(at - was.at) >= 1) scrollBy(at - was.at);
      const before = keys.indexOf(was.keys[0]!);
      if (before > 0) prepended(before);
    }
    const row = rowAt(offsets, Math.max(0, viewTop));
    anchorRef.current = keys[row] === undefined ? null : { keys, key: keys[row], at: lastListTop.current + offsets[row]! };
  }, [anchorRef, following, keys, offsets, viewTop, listTop, lastListTop, scrollBy, prepended]);
}
