import { z } from 'zod';

import { id, uuid } from './fields';
import { supportedLanguages } from './languages';
import { permissionDecisionSchema } from './sessionEvents';
import { plain } from './text';

/**
 * Push notifications (issue #14, docs/push.md): the device's Web Push subscription and its choices, the page
 * visibility each `/web` window reports, answering an approval from a notification, and the (encrypted) payload the
 * service worker receives. Browser-safe: the PWA, its service worker and the relay all read these schemas.
 */

export const PUSH_KINDS = ['approval', 'turnDone', 'turnFailed', 'cliOffline'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Base64url without padding; `bytes` is the decoded length (P-256 public key 65, auth secret 16). */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((v) => decodedLength(v) === bytes, { message: `must decode to ${bytes} bytes` });

function decodedLength(value: string): number {
  const body = value.replace(/=+$/, '');
  if (body.length % 4 === 1) return -1;
  return Math.floor((body.length * 3) / 4);
}

/** True for a push endpoint a relay may call: https, or http on loopback when the relay allows it (tests only). */
export function isAllowedPushEndpoint(value: string, allowLoopbackHttp = false): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  return allowLoopbackHttp && url.protocol === 'http:' && loopback;
}

/**
 * `PushSubscription.toJSON()`: the endpoint and the two keys the payload is encrypted with. The endpoint must be https;
 * `allowLoopbackHttp` (a relay started for tests with PUSH_ALLOW_LOOPBACK_HTTP) also takes http on 127.0.0.1, where a
 * push-service stand-in listens.
 */
export const webPushSubscriptionSchemaWith = (allowLoopbackHttp: boolean) =>
  z.object({
    endpoint: plain(z.string().min(1).max(2048)).refine((v) => isAllowedPushEndpoint(v, allowLoopbackHttp), {
      message: 'must be an https URL',
    }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  });
export const webPushSubscriptionSchema = webPushSubscriptionSchemaWith(false);
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

const clock = plain(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM'));
/** Quiet hours in the device's time zone: nothing is pushed from `start` until `end` (may cross midnight). */
export const quietHoursSchema = z.object({
  start: clock,
  end: clock,
  timeZone: plain(z.string().min(1).max(64)).refine(isTimeZone, { message: 'unknown time zone' }),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What this device wants pushed. */
export const pushPrefsSchema = z.object({
  approval: z.boolean(),
  turnDone: z.boolean(),
  turnFailed: z.boolean(),
  cliOffline: z.boolean(),
  quietHours: quietHoursSchema.nullable(),
});
export type PushPrefs = z.infer<typeof pushPrefsSchema>;
export const defaultPushPrefs: PushPrefs = { approval: true, turnDone: true, turnFailed: true, cliOffline: true, quietHours: null };

/** `PUT /web-api/push/subscription`: subscribe this device, or change its choices (one subscription per device). */
export const pushSubscribeRequestSchemaWith = (allowLoopbackHttp: boolean) =>
  z.object({
    deviceId: uuid,
    subscription: webPushSubscriptionSchemaWith(allowLoopbackHttp),
    prefs: pushPrefsSchema,
    lang: z.enum(supportedLanguages),
  });
export const pushSubscribeRequestSchema = pushSubscribeRequestSchemaWith(false);
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

/** `DELETE /web-api/push/subscription`: this device opts out. */
export const pushUnsubscribeRequestSchema = z.object({ deviceId: uuid });

/** `GET /web-api/push/config`: the relay's VAPID public key (the browser's applicationServerKey). */
export const pushConfigSchema = z.object({ publicKey: z.string() });

/** `GET /web-api/push/subscription?deviceId=`: this device's stored choices, or null when it is not subscribed. */
export const pushDeviceStateSchema = z.object({ subscribed: z.boolean(), prefs: pushPrefsSchema.nullable() });

/** `/web` `window:visibility`: this window is (or is no longer) visible; only a visible window counts as watching. */
export const WINDOW_VISIBILITY_EVENT = 'window:visibility';
export const windowVisibilitySchema = z.object({ visible: z.boolean() });

/** `POST /web-api/push/answer`: the service worker answers an approval with the token the push carried (no cookie). */
export const pushAnswerRequestSchema = z.object({
  token: plain(z.string().min(1).max(2048)),
  decision: permissionDecisionSchema,
  /** The language of the notification that answers (the push's own). */
  lang: z.enum(supportedLanguages).default('en'),
});
export const pushAnswerResultSchema = z.object({
  /** `applied`: this answer was taken; `already`: the request had been answered (here or elsewhere), with that answer. */
  outcome: z.enum(['applied', 'already']),
  decision: permissionDecisionSchema,
  title: z.string(),
  body: z.string(),
});
export type PushDecision = z.infer<typeof permissionDecisionSchema>;
export type PushAnswerResult = z.infer<typeof pushAnswerResultSchema>;

/** The decrypted payload the service worker shows. Short texts only (no file contents, no full commands). */
export const pushPayloadSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  /** Notification tag: one per session and kind, so a newer state replaces an older notification. */
  tag: z.string().max(200),
  title: z.string().max(200),
  body: z.string().max(300),
  /** Where a tap opens the console (the session, or the approval request). */
  url: z.string().max(500),
  lang: z.enum(supportedLanguages),
  /** Pending approvals of this user (the app badge). */
  badge: z.number().int().min(0),
  /** Approval only: the signed single-use token and the action labels. */
  approval: z
    .object({
      sessionId: uuid,
      requestId: id,
      token: z.string().max(2048),
      allowLabel: z.string().max(40),
      denyLabel: z.string().max(40),
    })
    .optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
