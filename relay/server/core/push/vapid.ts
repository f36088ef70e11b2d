import { createECDH } from 'node:crypto';

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
  const stored = await repo.vapidKeys(generateVapidKeys());
  return { ...stored, subject };
}

/**
 * A new P-256 VAPID key pair, base64url: the 65-byte uncompressed public key and the 32-byte private key, padded like
 * `web-push`'s generateVAPIDKeys (whose keys these replace). Made with node:crypto so the relay does not load
 * `web-push` at start-up (idle memory, issue #15); sender.ts loads it with the first push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const pad = (key: Buffer, length: number) => (key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key);
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: pad(curve.getPrivateKey(), 32).toString('base64url'),
  };
}
