import { type RefObject, type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

import type { Timeline } from '../model/timeline';

export interface ChatFollow {
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** A pending permission prompt is outside the visible part of the chat (the jump pill shows). */
  promptOffscreen: boolean;
  onScroll: (e: UIEvent<HTMLDivElement>) => void;
  /** Scrolls the chat to the pending prompt and focuses its first button. */
  jumpToPrompt: () => void;
}

/**
 * Follows the conversation while the reader is at the bottom, and tracks whether a pending permission prompt is out of
 * view. Called by the page on every render (the chat pane mounts and unmounts with the session).
 */
export function useChatFollow(timeline: Timeline, eventCount: number | undefined, pendingCount: number): ChatFollow {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [eventCount, pendingCount]);

  const [promptOffscreen, setPromptOffscreen] = useState(false);
  const pendingPrompt = useCallback(
    () => scroller.current?.querySelector<HTMLElement>('[data-testid="permission-prompt"][data-state="pending"]') ?? null,
    [],
  );
  const checkPrompt = useCallback(() => {
    const el = scroller.current;
    const prompt = pendingPrompt();
    if (!el || !prompt) return setPromptOffscreen(false);
    const view = el.getBoundingClientRect();
    const box = prompt.getBoundingClientRect();
    setPromptOffscreen(box.bottom < view.top + 24 || box.top > view.bottom - 24);
  }, [pendingPrompt]);
  useEffect(() => {
    checkPrompt();
  }, [timeline, checkPrompt]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    checkPrompt();
  };
  const jumpToPrompt = () => {
    const el = scroller.current;
    const prompt = pendingPrompt();
    if (!el || !prompt) return;
    // Scroll the chat pane only (scrollIntoView would also move the page under the fixed-height console).
    const view = el.getBoundingClientRect();
    const box = prompt.getBoundingClientRect();
    el.scrollTo({ top: el.scrollTop + box.top - view.top - Math.max(8, (view.height - box.height) / 2), behavior: 'smooth' });
    prompt.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  };
  return { scrollerRef: scroller, promptOffscreen, onScroll, jumpToPrompt };
}
