import type { Language } from '#protocol/languages';
import { defaultPushPrefs, pushConfigSchema, pushDeviceStateSchema, type PushPrefs } from '#protocol/push';

import { requestData } from '../api/http';

/**
 * The page side of push notifications (docs/push.md): this device's id, the browser's PushManager subscription, and
 * the relay's copy of it with this device's choices. One subscription per signed-in user and device.
 */
const DEVICE_KEY = 'tern.pushDevice';

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export type PushSupport = 'supported' | 'unsupported' | 'needsInstall';

/** Web Push needs a service worker, PushManager and notifications; on iOS only an app added to the Home Screen has them. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  const has = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (has) return 'supported';
  return isIos() && !isStandalone() ? 'needsInstall' : 'unsupported';
}

export const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
export const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

const fromBase64Url = (value: string) => {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

export async function fetchDeviceState(): Promise<{ subscribed: boolean; prefs: PushPrefs }> {
  const state = pushDeviceStateSchema.parse(
    await requestData('/web-api/push/subscription', { query: { deviceId: deviceId() }, silent: true }),
  );
  const browserSub = pushSupport() === 'supported' ? await (await navigator.serviceWorker.ready).pushManager.getSubscription() : null;
  return { subscribed: state.subscribed && browserSub !== null, prefs: state.prefs ?? defaultPushPrefs };
}

/** Asks for permission (from a click), subscribes the browser with the relay's VAPID key and stores it on the relay. */
export async function enablePush(prefs: PushPrefs, lang: Language): Promise<'enabled' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = pushConfigSchema.parse(await requestData('/web-api/push/config', { silent: true }));
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  const key = fromBase64Url(publicKey);
  const sameKey =
    subscription?.options.applicationServerKey && new Uint8Array(subscription.options.applicationServerKey).every((b, i) => b === key[i]);
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePush(subscription.toJSON(), prefs, lang);
  return 'enabled';
}

/** Stores a subscription and this device's choices on the relay (also used to change the choices). */
export async function savePush(subscription: PushSubscriptionJSON, prefs: PushPrefs, lang: Language): Promise<void> {
  await requestData('/web-api/push/subscription', {
    method: 'PUT',
    body: { deviceId: deviceId(), subscription, prefs, lang },
    silent: true,
  });
}

export async function updatePrefs(prefs: PushPrefs, lang: Language): Promise<void> {
  const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
  if (subscription) await savePush(subscription.toJSON(), prefs, lang);
}

export async function disablePush(): Promise<void> {
  await requestData('/web-api/push/subscription', { method: 'DELETE', body: { deviceId: deviceId() }, silent: true });
  const subscription = pushSupport() === 'supported' ? await (await navigator.serviceWorker.ready).pushManager.getSubscription() : null;
  await subscription?.unsubscribe();
}
