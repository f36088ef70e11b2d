import { useEffect, useRef } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';

export const SCROLL_TO_BOTTOM_DELAY_MS = 300;

/** What a link sets to land at the end of the install page: `navigate('/install', { state: { scrollToBottom: true } })`. */
export interface ScrollToBottomState {
  scrollToBottom?: boolean;
}

/**
 * Spec §2/§9: when the navigation state asks for it, scroll to the bottom 300 ms after the content is shown
 * (once per visit; reduced motion jumps instead of gliding).
 */
export function useScrollToBottom(ready: boolean): void {
  const state = useHistoryState<ScrollToBottomState | null>();
  const wanted = state?.scrollToBottom === true;
  const done = useRef(false);

  useEffect(() => {
    if (!ready || !wanted || done.current) return;
    const timer = setTimeout(() => {
      done.current = true;
      const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: reduced ? 'auto' : 'smooth' });
    }, SCROLL_TO_BOTTOM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, wanted]);
}
