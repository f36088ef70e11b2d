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
 * True when the visitor asked the system for less motion; animations then show their end state at once.
 * `onServer` is the answer while prerendering (and during the hydration pass that must match it): pages whose
 * prerendered HTML should show the still, complete version of an animation pass true.
 */
export function useReducedMotion(onServer = false): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => onServer);
}
