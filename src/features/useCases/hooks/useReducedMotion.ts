import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const list = matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => typeof matchMedia === 'function' && matchMedia(QUERY).matches;

/**
 * True when the visitor asked for reduced motion. The server snapshot is `true` so prerendered HTML (and the
 * hydration pass that must match it) shows the still, complete version of every animation.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
