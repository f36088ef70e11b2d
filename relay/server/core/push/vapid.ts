import webpush from 'web-push';

import type { PushRepo } from '../../storage/repos/pushRepo';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or https URL the push services may contact about this sender. */
  subject: string;
}

/**
 * The relay's VAPID identity: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT when set (both keys or neither),
 * otherwise a pair generated on first start and kept in storage, so every node and every restart signs with the same
 * key and existing subscriptions keep working.
 */
export async function resolveVapidKeys(
  env: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
    PUBLIC_URL?: string | undefined;
  },
  repo: PushRepo,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? env.PUBLIC_URL ?? 'mailto:push@tern.invalid';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await repo.vapidKeys(webpush.generateVAPIDKeys());
  return { ...stored, subject };
}
