import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`: for relative times ("up 5 min", "last active 2 minutes ago"). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
