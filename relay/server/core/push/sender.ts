import type { PushPayload } from '../../../protocol';
import type { PushSubscriptionRow } from '../../storage/schema';
import type { VapidKeys } from './vapid';

export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushSendOptions {
  /** Seconds the push service keeps an undelivered push. */
  ttlSeconds: number;
  /** Push-service `Topic`: a newer push with the same topic replaces an undelivered older one. */
  topic?: string;
  urgency: 'normal' | 'high';
}

/**
 * Sends one push to one subscription: the payload encrypted for the subscription's keys (RFC 8291 aes128gcm) and the
 * request signed with the relay's VAPID key (RFC 8292), both by the `web-push` package; the HTTP request itself goes
 * through fetch with a timeout. 404 / 410 mean the subscription is gone for good.
 */
export async function sendPush(
  vapid: VapidKeys,
  row: PushSubscriptionRow,
  payload: PushPayload,
  options: PushSendOptions,
): Promise<SendOutcome> {
  // Loaded with the first push, not at start-up (idle relay memory, issue #15).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
      ...(options.topic && { topic: options.topic }),
    },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
