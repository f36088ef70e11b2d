/// <reference lib="webworker" />
/**
 * Push notifications in the service worker (issue #14, docs/push.md): show the relay's push, keep the app badge at the
 * number of pending approvals, answer Allow / Deny from the notification with the signed token the push carried (no
 * cookie here), then show the result; a tap without an action (and every tap where actions are not supported, iOS)
 * opens the console on that session or request.
 */
import { type SwLang, swTexts } from './texts';

/** The decrypted payload (relay/protocol/push.ts pushPayloadSchema); checked by hand to keep zod out of the worker. */
export interface SwPushPayload {
  kind: string;
  tag: string;
  title: string;
  body: string;
  url: string;
  lang: SwLang;
  badge: number;
  approval?: { sessionId: string; requestId: string; token: string; allowLabel: string; denyLabel: string };
}

const isString = (v: unknown): v is string => typeof v === 'string';

export function parsePushPayload(value: unknown): SwPushPayload | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (![v.kind, v.tag, v.title, v.body, v.url].every(isString) || typeof v.badge !== 'number') return null;
  if (!(v.url as string).startsWith('/')) return null;
  const lang: SwLang = v.lang === 'zh' ? 'zh' : 'en';
  const a = v.approval as Record<string, unknown> | undefined;
  const approval =
    a && [a.sessionId, a.requestId, a.token, a.allowLabel, a.denyLabel].every(isString)
      ? (a as unknown as NonNullable<SwPushPayload['approval']>)
      : undefined;
  return { ...(v as unknown as SwPushPayload), lang, ...(approval ? { approval } : { approval: undefined }) };
}

type Badging = { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

async function setBadge(count: number): Promise<void> {
  const nav = navigator as unknown as Badging;
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // Badging is best effort (not every platform has it, or allows it without an installed app).
  }
}

async function showPush(sw: ServiceWorkerGlobalScope, payload: SwPushPayload): Promise<void> {
  const options: NotificationOptions & { renotify?: boolean; actions?: { action: string; title: string }[] } = {
    body: payload.body,
    tag: payload.tag,
    // A newer state of the same session and kind replaces the shown one, and still alerts.
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: payload.lang === 'zh' ? 'zh-CN' : 'en',
    data: payload,
    requireInteraction: Boolean(payload.approval),
    ...(payload.approval && {
      actions: [
        { action: 'allow', title: payload.approval.allowLabel },
        { action: 'deny', title: payload.approval.denyLabel },
      ],
    }),
  };
  await Promise.all([sw.registration.showNotification(payload.title, options), setBadge(payload.badge)]);
}

/** Sends the answer; shows what came of it in place of the approval notification (same tag). */
export async function answerFromNotification(
  sw: ServiceWorkerGlobalScope,
  payload: SwPushPayload,
  decision: 'allow' | 'deny',
): Promise<void> {
  const texts = swTexts[payload.lang];
  const show = (title: string, body: string) =>
    sw.registration.showNotification(title, {
      body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      data: { ...payload, approval: undefined },
    });
  let response: Response;
  try {
    response = await fetch('/web-api/push/answer', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ token: payload.approval!.token, decision, lang: payload.lang }),
    });
  } catch {
    await show(payload.title, texts.failed);
    return;
  }
  const json = (await response.json().catch(() => null)) as { data?: { title?: unknown; body?: unknown; outcome?: unknown } } | null;
  const data = json?.data;
  if (response.ok && data && isString(data.title) && isString(data.body)) {
    await show(data.title, data.body);
    if (data.outcome === 'applied') await setBadge(Math.max(0, payload.badge - 1));
    return;
  }
  await show(payload.title, response.status === 403 ? texts.invalid : texts.failed);
}

async function openConsole(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = new URL(url, sw.location.origin).href;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((w) => new URL(w.url).pathname.replace(/^\/zh/, '').startsWith('/remote')) ?? windows[0];
  // navigate() only works on a window this worker controls (not the very first page that installed it).
  const navigated = existing ? await existing.navigate(target).catch(() => null) : null;
  if (navigated) {
    await navigated.focus();
    return;
  }
  await sw.clients.openWindow(target);
}

/** The notification click handler's work, exported so a test can drive this exact path in the real worker. */
export async function handleNotificationClick(sw: ServiceWorkerGlobalScope, action: string, data: unknown): Promise<void> {
  const payload = parsePushPayload(data);
  if (!payload) return;
  if ((action === 'allow' || action === 'deny') && payload.approval) return answerFromNotification(sw, payload, action);
  return openConsole(sw, payload.url);
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    let value: unknown;
    try {
      value = event.data?.json();
    } catch {
      return;
    }
    const payload = parsePushPayload(value);
    if (payload) event.waitUntil(showPush(sw, payload));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(handleNotificationClick(sw, event.action, event.notification.data));
  });

  // Pages ask the worker to set the badge (the console knows the pending approvals while it is open).
  sw.addEventListener('message', (event) => {
    const data = event.data as { type?: string; count?: unknown } | null;
    if (data?.type === 'TERN_BADGE' && typeof data.count === 'number') event.waitUntil(setBadge(data.count));
  });
}
