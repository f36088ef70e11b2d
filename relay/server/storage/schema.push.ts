import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { PushPrefs } from '../../protocol';
import { users } from './schema.auth';

/**
 * Push notifications (issue #14, docs/push.md; re-exported by schema.ts): the relay's VAPID key pair, and one Web
 * Push subscription per user and device. A user's deletion removes their subscriptions (cascade).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The VAPID key pair generated on first start (one row, id 'vapid'), unless VAPID_* is set. Shared by every node. */
export const pushKeys = pgTable('push_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's own id for this device (kept in its storage); one subscription per user and device. */
    deviceId: uuid('device_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The language pushes to this device are written in. */
    lang: text('lang').notNull(),
    prefs: jsonb('prefs').$type<PushPrefs>().notNull(),
    /** The access token (jti) that subscribed: signing out on that device removes the subscription. */
    accessJti: uuid('access_jti'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_user_device_unique').on(t.userId, t.deviceId),
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_jti_idx').on(t.accessJti),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
