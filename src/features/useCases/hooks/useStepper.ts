import { useEffect, useState } from 'react';

import type { Step } from './animation';

/** Advances `state` with `step` on a timer while `running`; stopping keeps the current frame. */
export function useStepper<S>(initial: () => S, step: (state: S) => Step<S>, running: boolean): S {
  const [state, setState] = useState(initial);
  useEffect(() => {
    if (!running) return;
    const { delay, next } = step(state);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [running, state, step]);
  return state;
}
