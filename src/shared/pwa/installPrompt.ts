/**
 * The browser's install offer (`beforeinstallprompt`), kept from page start (registerSW.ts calls captureInstallPrompt):
 * the browser fires it once, often before the console's code has loaded. InstallApp.tsx shows the button.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

export const installOffer = (): BeforeInstallPromptEvent | null => deferred;

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<void> {
  const offer = deferred;
  if (!offer) return;
  await offer.prompt();
  await offer.userChoice;
  deferred = null;
  changed();
}

export function onInstallOfferChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
