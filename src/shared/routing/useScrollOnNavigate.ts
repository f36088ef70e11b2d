import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

export const SECTION_SCROLL_DELAY_MS = 100;

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Spec §2: navigation scrolls smoothly to the top; a `#hash` or a navigation-state `section` scrolls to that
 * section after 100 ms (the lazy page needs a moment to render it).
 */
export function useScrollOnNavigate(): void {
  const [pathname] = useLocation();
  const state = useHistoryState<{ section?: unknown } | null>();
  const section = typeof state?.section === 'string' ? state.section : null;

  useEffect(() => {
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const target = decodeURIComponent(location.hash.slice(1)) || section;
    if (!target) {
      window.scrollTo({ top: 0, behavior });
      return;
    }
    const timer = setTimeout(() => {
      document.getElementById(target)?.scrollIntoView({ behavior, block: 'start' });
    }, SECTION_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, section]);
}
