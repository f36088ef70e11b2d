import { type UIEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { TimelineItem } from '../model/timeline';
import { useAnchor, useKeepInPlace, useListView } from './useKeepInPlace';
import { rowRange, type RowWindow, useRowHeights } from './useVirtualRows';

/** Closer than this to the end counts as "at the latest message". */
const AT_END_PX = 80;
/** Closer than this many screens to the top of what is loaded, older events are asked for. */
const NEAR_TOP_SCREENS = 1.5;

export interface ChatFollow {
  /** Ref callbacks for the scrolling element and the timeline's list. */
  setScroller: (el: HTMLDivElement | null) => void;
  setList: (el: HTMLOListElement | null) => void;
  /** The timeline rows in the DOM: only those on screen and a margin around them. */
  rows: RowWindow;
  /** A pending permission prompt is outside the visible part of the chat (the jump pill shows). */
  promptOffscreen: boolean;
  /** Rows that arrived since the reader scrolled up from the latest message (the "n new" pill). */
  newCount: number;
  /** The reader is within about a screen of the top of what is loaded (older events, if any, should come). */
  nearTop: boolean;
  /** The same, read from the page now (after the layout effects that keep the view in place have moved it). */
  isNearTop: () => boolean;
  /** The row a jump went to, highlighted until the reader scrolls on. */
  flashKey: string | null;
  onScroll: (e: UIEvent<HTMLDivElement>) => void;
  /** Scrolls the chat to the pending prompt and focuses its first button. */
  jumpToPrompt: () => void;
  /** Back to the latest message, following it again. */
  jumpToLatest: () => void;
  /** Scrolls to the row with this item key (or the row holding it). */
  jumpTo: (key: string) => void;
}

function hasOpenPrompt(item: TimelineItem): boolean {
  if (item.kind === 'tool') return item.permissions.some((p) => p.open);
  return item.kind === 'subagent' && item.children.some(hasOpenPrompt);
}

/** The top-level row showing `key`: itself, or the sub-agent card holding it. */
export function rowOf(items: readonly TimelineItem[], key: string): number {
  return items.findIndex((item) => item.key === key || (item.kind === 'subagent' && item.children.some((c) => c.key === key)));
}

/**
 * The chat's scrolling. A session opens at its latest message and follows new events while the reader is at the end;
 * once they scroll up it stays put and counts what arrives. Only the rows on screen (and a margin) are rendered: a
 * 10,000-event session keeps a few dozen rows in the DOM. Called by the page on every render.
 */
export function useChatFollow(items: readonly TimelineItem[], pendingCount: number): ChatFollow {
  const scroller = useRef<HTMLDivElement | null>(null);
  const list = useRef<HTMLOListElement | null>(null);
  const [scrollerEl, setScrollerEl] = useState<HTMLDivElement | null>(null);
  const setScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    setScrollerEl(el);
  }, []);
  const setList = useCallback((el: HTMLOListElement | null) => void (list.current = el), []);
  const following = useRef(true);
  const [atEnd, setAtEnd] = useState(true);
  const [awayFrom, setAwayFrom] = useState<number | null>(null);
  const [flashKey, setFlashKey] = useState<string | null>(null);
  const rowCount = items.length + pendingCount;
  const { anchorRef, shifted } = useAnchor();
  const { keys, offsets, measure } = useRowHeights(items, scroller, following, shifted);
  const { view, listTop, lastListTop, readView } = useListView(scroller, list);

  const total = offsets[offsets.length - 1]!;
  const height = view.height || 800;
  const top = atEnd ? Math.max(0, total - height) : view.top;
  const { start, end } = rowRange(offsets, top, height);
  const rows: RowWindow = { start, end, padTop: offsets[start]!, padBottom: total - offsets[end]!, measure };

  // At the end, every render (new events, rows measured, the keyboard opening) pins the latest message. A reader who
  // scrolled up since the last pin (its scroll event not handled yet) is not pulled back: appended rows leave scrollTop
  // where it was, and a viewport growing leaves the scroller at its end, so only a scroll up moves it above the last
  // pin while away from the end.
  const pinnedTop = useRef<number | null>(null);
  const pin = useCallback((el: HTMLDivElement) => {
    el.scrollTop = el.scrollHeight;
    pinnedTop.current = el.scrollTop;
  }, []);
  const scrolledUp = (el: HTMLDivElement) =>
    pinnedTop.current !== null &&
    el.scrollTop < pinnedTop.current - AT_END_PX &&
    el.scrollHeight - el.scrollTop - el.clientHeight >= AT_END_PX;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following.current && !scrolledUp(el)) pin(el);
  });
  useLayoutEffect(() => {
    const el = scrollerEl;
    if (!el || typeof ResizeObserver === 'undefined') return;
    readView();
    const resize = new ResizeObserver(() => {
      if (following.current) pin(el);
      readView();
    });
    resize.observe(el);
    return () => resize.disconnect();
  }, [scrollerEl, readView, pin]);

  const prepended = useCallback((count: number) => setAwayFrom((from) => (from === null ? null : from + count)), []);
  const scrollBy = useCallback(
    (delta: number) => {
      const el = scroller.current;
      if (!el) return;
      el.scrollTop += delta;
      readView();
    },
    [readView],
  );
  useKeepInPlace({ anchorRef, following, keys, offsets, viewTop: view.top, listTop, lastListTop, scrollBy, prepended });

  const isNearTop = useCallback(() => {
    const el = scroller.current;
    return !!el && el.scrollTop - listTop() < NEAR_TOP_SCREENS * el.clientHeight;
  }, [listTop]);

  const follow = useCallback(
    (on: boolean) => {
      following.current = on;
      setAtEnd(on);
      setAwayFrom((from) => (on ? null : (from ?? rowCount)));
    },
    [rowCount],
  );
  const jumpToLatest = useCallback(() => {
    follow(true);
    setFlashKey(null);
    const el = scroller.current;
    if (el) pin(el);
  }, [follow, pin]);

  // What this reader sends brings them back to the latest message.
  const sent = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount > sent.current) jumpToLatest();
    sent.current = pendingCount;
  }, [pendingCount, jumpToLatest]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const nowAtEnd = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
    if (nowAtEnd !== following.current) follow(nowAtEnd);
    readView();
  };

  const scrollToRow = useCallback(
    (index: number, center: boolean) => {
      const el = scroller.current;
      if (!el || index < 0) return;
      follow(false);
      const rowHeight = offsets[index + 1]! - offsets[index]!;
      const offset = center ? Math.max(8, (el.clientHeight - rowHeight) / 2) : 8;
      el.scrollTop = Math.max(0, listTop() + offsets[index]! - offset);
      readView();
    },
    [follow, offsets, listTop, readView],
  );
  const jumpTo = useCallback(
    (key: string) => {
      const index = rowOf(items, key);
      scrollToRow(index, false);
      setFlashKey(index >= 0 ? items[index]!.key : null);
    },
    [items, scrollToRow],
  );

  const promptIndex = useMemo(() => items.findIndex(hasOpenPrompt), [items]);
  const promptOffscreen = promptIndex >= 0 && (offsets[promptIndex + 1]! < top + 24 || offsets[promptIndex]! > top + height - 24);
  const jumpToPrompt = () => {
    scrollToRow(promptIndex, true);
    // Once the row is rendered at its place, the keyboard goes to its first answer.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        scroller.current
          ?.querySelector<HTMLButtonElement>('[data-testid="permission-prompt"][data-state="pending"] button')
          ?.focus({ preventScroll: true }),
      ),
    );
  };

  return {
    setScroller,
    setList,
    rows,
    promptOffscreen,
    newCount: awayFrom === null ? 0 : Math.max(0, rowCount - awayFrom),
    nearTop: top < height * NEAR_TOP_SCREENS,
    isNearTop,
    flashKey,
    onScroll,
    jumpToPrompt,
    jumpToLatest,
    jumpTo,
  };
}
