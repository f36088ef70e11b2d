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
let registered = false;
/**
 * `beforeApp`: called when the boot script registers it, before the app has woken (src/boot.ts, the sign-in page); a
 * new version found then calls it, so the app wakes to show the prompt. The app's own call is then a no-op.
 */
export function registerServiceWorker(beforeApp?: () => void): void {
  if (registered) return;
  registered = true;
  captureInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    pendingApply = () => {
      wb.addEventListener('controlling', () => location.reload());
      wb.messageSkipWaiting();
    };
    if (updateListener) updateListener(pendingApply);
    else beforeApp?.();
  });
  wb.register().catch(() => {
    // Registration fails on insecure origins other than localhost; the site still works online.
  });
}
