import { Workbox } from 'workbox-window';

import { captureInstallPrompt } from './installPrompt';

export type UpdateListener = (apply: () => void) => void;
let updateListener: UpdateListener | null = null;
/** A new version waiting to take over (kept until the prompt is on screen: the app may wake after it was found). */
let pendingApply: (() => void) | null = null;

/** The update prompt listens here; a version found before it mounted is offered at once. Returns the unsubscribe. */
export const onUpdateAvailable = (listener: UpdateListener): (() => void) => {
  updateListener = listener;
  if (pendingApply) listener(pendingApply);
  return () => {
    if (updateListener === listener) updateListener = null;
  };
};

/**
 * Registers the service worker. A new deployment waits until the user accepts the update prompt, so a half-typed
 * message in the console is never lost to a surprise reload; accepting activates it and reloads onto the new version.
 */
export function registerServiceWorker(): void {
  captureInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    pendingApply = () => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    };
    updateListener?.(pendingApply);
  });
  wb.register().catch(() => {
    // Registration fails on insecure origins other than localhost; the site still works online.
  });
}
