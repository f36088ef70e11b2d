import { Workbox } from 'workbox-window';

export type UpdateListener = (apply: () => void) => void;
let updateListener: UpdateListener | null = null;
export const onUpdateAvailable = (listener: UpdateListener) => {
  updateListener = listener;
};

/**
 * Registers the service worker. A new deployment waits until the user accepts the update prompt, so a half-typed
 * message in the console is never lost to a surprise reload.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    const apply = () => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    };
    if (updateListener) updateListener(apply);
    else apply();
  });
  wb.register().catch(() => {
    // Registration fails on insecure origins other than localhost; the site still works online.
  });
}
