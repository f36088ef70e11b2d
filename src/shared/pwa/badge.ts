import { useEffect } from 'react';

type Badging = { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The app icon's badge (Badging API) shows the pending approvals; a no-op where the API is missing. */
export function useAppBadge(count: number): void {
  useEffect(() => {
    const nav = navigator as Navigator & Badging;
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    void done?.catch(() => undefined);
  }, [count]);
}
