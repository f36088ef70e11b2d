import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { cliCommandContracts, pairingStatuses } from '../../protocol';
import { oneOf } from './columns';
import { users } from './schema.auth';

/**
 * Remote control tables (issue #4, re-exported by schema.ts): CLI tokens, pairing, CLI instances, their sessions and
 * events, commands kept for offline CLIs, and the workspace lock. Everything a relay node decides is in here, so any
 * number of nodes can share one PostgreSQL (see docs/protocol.md "Scale-out").
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** Revocable CLI tokens (`tern_cli_…`), stored as SHA-256. */
export const cliTokens = pgTable(
  'cli_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** 'pairing' | 'admin' */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('cli_tokens_hash_unique').on(t.tokenHash), index('cli_tokens_user_idx').on(t.userId)],
);

/** Device-code pairing: the CLI polls with the secret device code; the user approves the short pairing code. */
export const pairingRequests = pgTable(
  'pairing_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairingCode: text('pairing_code').notNull(),
    deviceCodeHash: text('device_code_hash').notNull(),
    hostname: text('hostname').notNull(),
    platform: text('platform').notNull(),
    status: text('status').notNull().default('pending'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    decidedAt: ts('decided_at'),
    /** Set when the poll handed out the token (once). */
    tokenIssuedAt: ts('token_issued_at'),
    cliTokenId: uuid('cli_token_id').references(() => cliTokens.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pairing_requests_code_unique').on(t.pairingCode),
    uniqueIndex('pairing_requests_device_unique').on(t.deviceCodeHash),
    index('pairing_requests_expires_idx').on(t.expiresAt),
    check('pairing_requests_status_check', oneOf(t.status, pairingStatuses)),
  ],
);

/** A running `tern --cloud` (one per working directory; the id is chosen by the CLI). */
export const instances = pgTable(
  'instances',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cliTokenId: uuid('cli_token_id').references(() => cliTokens.id, { onDelete: 'set null' }),
    platform: text('platform').notNull().default(''),
    hostname: text('hostname').notNull().default(''),
    cwd: text('cwd').notNull().default(''),
    nodeVersion: text('node_version').notNull().default(''),
    cliVersion: text('cli_version').notNull().default(''),
    startedAt: ts('started_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    online: boolean('online').notNull().default(false),
    /** The socket currently serving the instance; a disconnect only marks offline if it is still this one. */
    socketId: text('socket_id'),
    /** What the CLI announced in its last `cli:hello`: its models (default first) and slash commands (null: nothing said). */
    models: jsonb('models').$type<string[]>(),
    commands: jsonb('commands').$type<Array<{ name: string; description: string; args?: string }>>(),
    createdAt: createdAt(),
  },
  (t) => [index('instances_user_idx').on(t.userId)],
);

export const remoteSessions = pgTable(
  'remote_sessions',
  {
    id: uuid('id').primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    active: boolean('active').notNull().default(true),
    firstMessage: text('first_message'),
    lastMessage: text('last_message'),
    createdAt: createdAt(),
    lastActiveAt: ts('last_active_at').notNull(),
    /** Highest seq handed out; the next event gets last_seq + 1 (row-locked update, safe across relay nodes). */
    lastSeq: integer('last_seq').notNull().default(0),
    autoApprove: boolean('auto_approve').notNull().default(false),
    /** The browser's `clientRequestId` of `session:create`, so a resend does not make a second session. */
    clientRequestId: text('client_request_id'),
    /** The model chosen in the console for this session (null: the CLI's default). */
    model: text('model'),
    /**
     * Set when the user deleted the session: the row stays as a tombstone (its events and texts are removed) so that a
     * CLI that was offline and still announces it, or still sends its events, does not bring it back.
     */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('remote_sessions_instance_idx').on(t.instanceId),
    uniqueIndex('remote_sessions_client_request_unique').on(t.instanceId, t.clientRequestId),
  ],
);

/**
 * A session's events. `session_id` is a session's id, but not a foreign key: a key's check ran for every event stored
 * (a lookup and a lock of the session row, which the group commit's statement has just updated and locked itself), and
 * took half that statement's time on PGlite, a third on PostgreSQL (docs/performance-sessions.md, "Session 20"). The group
 * commit stores events only for sessions its statement updated (eventBatchRepo.ts), and the trigger of migration 0008
 * (`remote_sessions_delete_events`) deletes a deleted session's events, as `ON DELETE CASCADE` did, also when the
 * session goes with its instance or user.
 */
export const sessionEvents = pgTable(
  'session_events',
  {
    sessionId: uuid('session_id').notNull(),
    seq: integer('seq').notNull(),
    eventId: uuid('event_id').notNull(),
    at: ts('at').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] }), uniqueIndex('session_events_event_unique').on(t.sessionId, t.eventId)],
);

/** Commands for a CLI (input, permission answers, settings, new sessions), kept until the CLI has taken them. */
export const cliCommands = pgTable(
  'cli_commands',
  {
    ord: bigserial('ord', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('cli_commands_id_unique').on(t.id),
    index('cli_commands_pending_idx').on(t.instanceId, t.deliveredAt),
    check('cli_commands_type_check', oneOf(t.type, Object.keys(cliCommandContracts))),
  ],
);

/**
 * One browser window drives an instance at a time; a lapsed lease is free. The holder's socket closing lapses it at
 * once. `device_*` and `last_active_at` describe the holder to a window that finds the workspace busy.
 */
export const workspaceLocks = pgTable('workspace_locks', {
  instanceId: uuid('instance_id')
    .primaryKey()
    .references(() => instances.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowId: text('window_id').notNull(),
  socketId: text('socket_id').notNull(),
  since: ts('since').notNull(),
  leaseExpiresAt: ts('lease_expires_at').notNull(),
  deviceBrowser: text('device_browser'),
  deviceOs: text('device_os'),
  lastActiveAt: ts('last_active_at').notNull().defaultNow(),
});

export const remoteSchema = { cliTokens, pairingRequests, instances, remoteSessions, sessionEvents, cliCommands, workspaceLocks };
export type CliTokenRow = typeof cliTokens.$inferSelect;
export type PairingRequestRow = typeof pairingRequests.$inferSelect;
export type InstanceRow = typeof instances.$inferSelect;
export type RemoteSessionRow = typeof remoteSessions.$inferSelect;
export type SessionEventRow = typeof sessionEvents.$inferSelect;
export type CliCommandRow = typeof cliCommands.$inferSelect;
export type WorkspaceLockRow = typeof workspaceLocks.$inferSelect;
