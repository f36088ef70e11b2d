import { z } from 'zod';

import { id, INPUT_TEXT_MAX_CHARS, iso, TEXT_MAX, uuid } from './fields';
import { WINDOW_VISIBILITY_EVENT, windowVisibilitySchema } from './push';
import { tookSchema } from './receipts';
import {
  permissionDecisionSchema,
  permissionScopeSchema,
  sessionEventBodySchema,
  sessionHistorySchema,
  sessionJoinSchema,
} from './sessionEvents';
import {
  modelNameSchema,
  MODELS_MAX,
  sessionDeleteSchema,
  sessionModelSchema,
  sessionRenameSchema,
  sessionsSearchSchema,
  SLASH_COMMANDS_MAX,
  slashCommandSchema,
} from './sessionManagement';
import { plain, text } from './text';
import { workspaceHolderSchema } from './workspaceHolder';

export * from './handshakes';
export * from './sessionEvents';
export * from './sessionManagement';
export * from './workspaceHolder';
import { type UsageReport, usageReportSchema } from './usage';

/**
 * Remote control protocol (issue #4): Socket.IO namespaces `/cli` (CLI token) and `/web` (user JWT).
 * The relay, the PWA console and the reference CLI import these schemas; the relay validates every inbound event with
 * them. Browser-safe (no node imports). Additive changes only. Full prose: docs/protocol.md.
 *
 * Times are ISO 8601 strings.
 */

export const SOCKET_PATH = '/socket.io';
export const CLI_NAMESPACE = '/cli';
export const WEB_NAMESPACE = '/web';

/**
 * Presence grace: an instance counts as offline only after its socket has been gone this long (short, so a closed CLI
 * shows offline within 5 s, yet a quick reconnect does not flicker).
 */
export const PRESENCE_GRACE_MS = 2_000;
/** Heartbeats on the relay's sockets: a half-open connection is dropped within PING_INTERVAL_MS + PING_TIMEOUT_MS. */
export const PING_INTERVAL_MS = 5_000;
export const PING_TIMEOUT_MS = 10_000;
/** Workspace lock lease and its renewal period. */
export const WORKSPACE_LEASE_MS = 30_000;
export const WORKSPACE_RENEW_MS = 10_000;

export { FILE_DIFF_MAX_CHARS, INPUT_TEXT_MAX_CHARS, TOOL_OUTPUT_MAX_CHARS } from './fields';

// ---- errors & acks -------------------------------------------------------------------------------------------------

export const remoteErrorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'WORKSPACE_BUSY',
  'INSTANCE_OFFLINE',
  'NOT_ATTACHED',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'INTERNAL',
  /**
   * To a CLI with an event window (`cli:hello` `eventWindow`): this event came behind one that was not stored, so it
   * was not stored either; send again from that one, marked `resume` (relay/server/remote/eventWindows.ts).
   */
  'OUT_OF_ORDER',
] as const;
export const remoteErrorCodeSchema = z.enum(remoteErrorCodes);
export type RemoteErrorCode = z.infer<typeof remoteErrorCodeSchema>;

export const remoteErrorSchema = z.object({
  code: remoteErrorCodeSchema,
  message: z.string(),
  /** WORKSPACE_BUSY: the window that holds the lock (another live window). */
  holder: workspaceHolderSchema.optional(),
  /** RATE_LIMITED / QUOTA_EXCEEDED (usage:authorize). */
  retryAfterSeconds: z.number().nonnegative().optional(),
  /** BAD_REQUEST: the schema issues. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type RemoteError = z.infer<typeof remoteErrorSchema>;

export const ackErrorSchema = z.object({ ok: z.literal(false), error: remoteErrorSchema });
export type AckError = z.infer<typeof ackErrorSchema>;

/** `{ ok: true, ...payload } | { ok: false, error }` for a given success payload shape. */
export function ackSchema<T extends z.ZodRawShape>(payload: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), ...payload }), ackErrorSchema]);
}
/** The plain ack with no payload. */
export const okAckSchema = ackSchema({});
export type OkAck = z.infer<typeof okAckSchema>;
export type Ack<T extends object = Record<never, never>> = ({ ok: true } & T) | AckError;

// ---- entities ------------------------------------------------------------------------------------------------------

export const instanceEnvSchema = z.object({
  platform: plain(z.string().min(1).max(100)),
  hostname: plain(z.string().min(1).max(255)),
  cwd: text(4096).pipe(z.string().min(1)),
  nodeVersion: plain(z.string().min(1).max(100)),
  cliVersion: plain(z.string().min(1).max(100)),
  startedAt: iso,
});
export type InstanceEnv = z.infer<typeof instanceEnvSchema>;

export const instanceSchema = instanceEnvSchema.extend({
  id: uuid,
  online: z.boolean(),
  lastSeenAt: iso,
  sessionCount: z.number().int().nonnegative(),
  /** What the CLI announced in `cli:hello` (absent from older CLIs and relays): its models, default first; its slash commands. */
  models: z.array(modelNameSchema).max(MODELS_MAX).optional(),
  commands: z.array(slashCommandSchema).max(SLASH_COMMANDS_MAX).optional(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const sessionSchema = z.object({
  id: uuid,
  instanceId: uuid,
  title: text(500),
  active: z.boolean(),
  firstMessage: text(TEXT_MAX).nullable(),
  lastMessage: text(TEXT_MAX).nullable(),
  createdAt: iso,
  lastActiveAt: iso,
  lastSeq: z.number().int().nonnegative(),
  autoApprove: z.boolean(),
  /** The model chosen for this session; null (or absent, older relays): the CLI's default, `models[0]` of its instance. */
  model: modelNameSchema.nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

// ---- handshakes: handshakes.ts ----------------------------------------------------------------------------------

// ---- /cli namespace ------------------------------------------------------------------------------------------------

/** CLI → relay event names. */
export const CLI_EVENTS = {
  hello: 'cli:hello',
  sessionEvent: 'session:event',
  sessionMeta: 'session:meta',
  usageAuthorize: 'usage:authorize',
  usageReport: 'usage:report',
  /** Confirms pending commands from the `cli:hello` ack once taken; only then are they marked delivered. */
  commandsTaken: 'commands:taken',
} as const;

/** Relay → CLI event names (relay emits with ack; the CLI acks `{ ok: true }` once it has taken the command). */
export const CLI_COMMANDS = {
  sessionCreate: 'session:create',
  sessionInput: 'session:input',
  sessionPermission: 'session:permission',
  sessionInterrupt: 'session:interrupt',
  sessionSettings: 'session:settings',
  sessionRename: 'session:rename',
  sessionDelete: 'session:delete',
  sessionModel: 'session:model',
  authRevoked: 'auth:revoked',
} as const;

export const cliHelloSessionSchema = z.object({
  id: uuid,
  title: text(500),
  createdAt: iso,
});
export const cliHelloSchema = z.object({
  env: instanceEnvSchema,
  sessions: z.array(cliHelloSessionSchema).max(1000),
  /** The models this CLI's configuration offers (its default first) and its slash commands; older CLIs send neither. */
  models: z.array(modelNameSchema).max(MODELS_MAX).optional(),
  commands: z.array(slashCommandSchema).max(SLASH_COMMANDS_MAX).optional(),
  /** The CLI takes commands with receipt numbers instead of acks (receipts.ts); older CLIs do not say. */
  receipts: z.literal(true).optional(),
  /**
   * The CLI keeps several session events in flight (relay/cli/outbox.ts EVENT_WINDOW): it sends the next before the
   * last is acked, and after a refusal that it retries sends again from the first event not stored, the first of them
   * marked `resume`. Older CLIs send one at a time and do not say.
   */
  eventWindow: z.literal(true).optional(),
});
export type CliHello = z.infer<typeof cliHelloSchema>;

/** A command kept for an offline CLI and handed over in the `cli:hello` ack. */
export const sessionCreateCommandSchema = z.object({ sessionId: uuid, autoApprove: z.boolean() });
export const sessionInputCommandSchema = z.object({
  sessionId: uuid,
  clientMsgId: id,
  text: text(INPUT_TEXT_MAX_CHARS),
});
export const sessionPermissionCommandSchema = z.object({
  sessionId: uuid,
  requestId: id,
  decision: permissionDecisionSchema,
  scope: permissionScopeSchema,
});
export const sessionInterruptCommandSchema = z.object({ sessionId: uuid });
export const sessionSettingsCommandSchema = z.object({ sessionId: uuid, autoApprove: z.boolean() });
export type SessionCreateCommand = z.infer<typeof sessionCreateCommandSchema>;
export type SessionInputCommand = z.infer<typeof sessionInputCommandSchema>;
export type SessionPermissionCommand = z.infer<typeof sessionPermissionCommandSchema>;
export type SessionInterruptCommand = z.infer<typeof sessionInterruptCommandSchema>;
export type SessionSettingsCommand = z.infer<typeof sessionSettingsCommandSchema>;

export const pendingInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session:create'), commandId: uuid, payload: sessionCreateCommandSchema }),
  z.object({ type: z.literal('session:input'), commandId: uuid, payload: sessionInputCommandSchema }),
  z.object({ type: z.literal('session:permission'), commandId: uuid, payload: sessionPermissionCommandSchema }),
  z.object({ type: z.literal('session:interrupt'), commandId: uuid, payload: sessionInterruptCommandSchema }),
  z.object({ type: z.literal('session:settings'), commandId: uuid, payload: sessionSettingsCommandSchema }),
  z.object({ type: z.literal('session:rename'), commandId: uuid, payload: sessionRenameSchema }),
  z.object({ type: z.literal('session:delete'), commandId: uuid, payload: sessionDeleteSchema }),
  z.object({ type: z.literal('session:model'), commandId: uuid, payload: sessionModelSchema }),
]);
export type PendingInput = z.infer<typeof pendingInputSchema>;
export type CliCommandType = PendingInput['type'];

export const cliHelloAckSchema = ackSchema({
  instance: instanceSchema,
  sessions: z.array(z.object({ id: uuid, lastSeq: z.number().int().nonnegative(), autoApprove: z.boolean() })),
  pendingInputs: z.array(pendingInputSchema),
  /** The relay takes several packets in one message (wireParser.ts bundles): the CLI may send its turns so. */
  bundles: z.literal(true).optional(),
  /**
   * The relay took the CLI's `eventWindow`: it keeps the order of the events in flight (after a failed one it refuses
   * the socket's later events, OUT_OF_ORDER, until one marked `resume`), and may hold their acks for its next write to
   * the CLI (turnFlush.ts HOLD_MS at most). Absent: the CLI sends one event at a time.
   */
  eventWindow: z.literal(true).optional(),
});
export type CliHelloAck = z.infer<typeof cliHelloAckSchema>;

/** `commands:taken`: the `commandId`s of `pendingInputs` the CLI has applied. Ack `{ ok: true }`. */
export const commandsTakenSchema = z.object({ commandIds: z.array(uuid).max(1000) });
export type CommandsTaken = z.infer<typeof commandsTakenSchema>;

export const cliSessionEventSchema = z.object({
  sessionId: uuid,
  eventId: uuid,
  body: sessionEventBodySchema,
  /** The receipts of commands the CLI took since it last told them (receipts.ts). */
  took: tookSchema.optional(),
  /** The first event a CLI with an event window sends again after a refusal it retries (see `eventWindow`). */
  resume: z.literal(true).optional(),
});
export type CliSessionEvent = z.infer<typeof cliSessionEventSchema>;
export const seqAckSchema = ackSchema({ seq: z.number().int().min(1) });
export type SeqAck = z.infer<typeof seqAckSchema>;

export const sessionMetaSchema = z.object({
  sessionId: uuid,
  title: text(500).optional(),
  active: z.boolean().optional(),
});
export type SessionMeta = z.infer<typeof sessionMetaSchema>;

export const usageAuthorizeSchema = z.object({ model: plain(z.string().min(1).max(200)) });
export type UsageAuthorize = z.infer<typeof usageAuthorizeSchema>;
/** `usage:authorize` ack: `{ ok: true }` or `{ ok: false, error: { code: 'RATE_LIMITED'|'QUOTA_EXCEEDED', message, retryAfterSeconds? } }`. */
export const cliUsageAuthorizeAckSchema = okAckSchema;
/** `usage:report` body: the billing module's canonical schema (relay/protocol/usage.ts). */
export const usageReportEventSchema = usageReportSchema;
export type UsageReportEvent = UsageReport;
/** `usage:report` ack: `{ ok: true, requestId, credits, cost (USD), duplicate }` (a resend charges nothing). */
export const cliUsageReportAckSchema = ackSchema({
  requestId: z.string().optional(),
  credits: z.number(),
  cost: z.number().optional(),
  duplicate: z.boolean().optional(),
});

// ---- /web namespace ------------------------------------------------------------------------------------------------

/** Browser → relay event names. */
export const WEB_EVENTS = {
  instancesList: 'instances:list',
  instanceAttach: 'instance:attach',
  instanceDetach: 'instance:detach',
  sessionCreate: 'session:create',
  sessionJoin: 'session:join',
  sessionHistory: 'session:history',
  sessionLeave: 'session:leave',
  sessionInput: 'session:input',
  sessionPermission: 'session:permission',
  sessionInterrupt: 'session:interrupt',
  sessionSettings: 'session:settings',
  sessionRename: 'session:rename',
  sessionDelete: 'session:delete',
  sessionModel: 'session:model',
  sessionsSearch: 'sessions:search',
  windowVisibility: WINDOW_VISIBILITY_EVENT, // push notifications: this window is (not) visible (push.ts)
} as const;

/** Relay → browser event names. */
export const WEB_PUSH = {
  instanceUpdated: 'instance:updated',
  sessionUpdated: 'session:updated',
  sessionEvent: 'session:event',
  /** An event before it is stored (no seq): liveSessionEventSchema. */
  sessionLive: 'session:live',
  /** Several stored events of one session (sessionEventsSchema), for windows that joined with `batches`. */
  sessionEvents: 'session:events',
  sessionDeleted: 'session:deleted',
  workspaceLost: 'workspace:lost',
  authRevoked: 'auth:revoked',
} as const;

export const instancesListSchema = z.object({}).loose();
export const instancesListAckSchema = ackSchema({ instances: z.array(instanceSchema) });

export const instanceAttachSchema = z.object({ instanceId: uuid, takeOver: z.boolean().optional() });
export type InstanceAttach = z.infer<typeof instanceAttachSchema>;
/**
 * Refusing `instance:attach` with WORKSPACE_BUSY, the relay also hands over the instance and its sessions, as the ok ack
 * does, so a window that cannot drive the workspace still lists them and can watch one read-only. Added later: an older
 * relay's refusal has neither (the console keeps what it had cached).
 */
export const instanceAttachRefusalSchema = remoteErrorSchema.extend({
  instance: instanceSchema.optional(),
  sessions: z.array(sessionSchema).optional(),
});
export type InstanceAttachRefusal = z.infer<typeof instanceAttachRefusalSchema>;
export const instanceAttachAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), instance: instanceSchema, sessions: z.array(sessionSchema) }),
  z.object({ ok: z.literal(false), error: instanceAttachRefusalSchema }),
]);
export type InstanceAttachAck = z.infer<typeof instanceAttachAckSchema>;
export const instanceDetachSchema = z.object({ instanceId: uuid });
export const webSessionCreateSchema = z.object({ instanceId: uuid, clientRequestId: uuid });
export type WebSessionCreate = z.infer<typeof webSessionCreateSchema>;
export const sessionAckSchema = ackSchema({ session: sessionSchema });

export const sessionLeaveSchema = z.object({ sessionId: uuid });

export const webSessionInputSchema = sessionInputCommandSchema;
export type WebSessionInput = SessionInputCommand;
export const webSessionPermissionSchema = sessionPermissionCommandSchema;
export const webSessionInterruptSchema = sessionInterruptCommandSchema;
export const webSessionSettingsSchema = sessionSettingsCommandSchema;

export const workspaceLostReasons = ['taken_over', 'lease_expired', 'instance_removed'] as const;
export const instanceUpdatedSchema = z.object({ instance: instanceSchema });
export const sessionUpdatedSchema = z.object({ session: sessionSchema });
/** `by`: the window that took the workspace over (`taken_over`; absent from older relays). */
export const workspaceLostSchema = z.object({
  instanceId: uuid,
  reason: z.enum(workspaceLostReasons),
  by: workspaceHolderSchema.optional(),
});
export type WorkspaceLost = z.infer<typeof workspaceLostSchema>;
export const authRevokedSchema = z.object({}).loose();

/** Inbound schemas by event name (used by the relay's validator and handy for clients). */
export const cliInboundSchemas = {
  [CLI_EVENTS.hello]: cliHelloSchema,
  [CLI_EVENTS.sessionEvent]: cliSessionEventSchema,
  [CLI_EVENTS.sessionMeta]: sessionMetaSchema,
  [CLI_EVENTS.usageAuthorize]: usageAuthorizeSchema,
  [CLI_EVENTS.usageReport]: usageReportEventSchema,
  [CLI_EVENTS.commandsTaken]: commandsTakenSchema,
} as const;

export const cliCommandSchemas = {
  [CLI_COMMANDS.sessionCreate]: sessionCreateCommandSchema,
  [CLI_COMMANDS.sessionInput]: sessionInputCommandSchema,
  [CLI_COMMANDS.sessionPermission]: sessionPermissionCommandSchema,
  [CLI_COMMANDS.sessionInterrupt]: sessionInterruptCommandSchema,
  [CLI_COMMANDS.sessionSettings]: sessionSettingsCommandSchema,
  [CLI_COMMANDS.sessionRename]: sessionRenameSchema,
  [CLI_COMMANDS.sessionDelete]: sessionDeleteSchema,
  [CLI_COMMANDS.sessionModel]: sessionModelSchema,
} as const;

export const webInboundSchemas = {
  [WEB_EVENTS.instancesList]: instancesListSchema,
  [WEB_EVENTS.instanceAttach]: instanceAttachSchema,
  [WEB_EVENTS.instanceDetach]: instanceDetachSchema,
  [WEB_EVENTS.sessionCreate]: webSessionCreateSchema,
  [WEB_EVENTS.sessionJoin]: sessionJoinSchema,
  [WEB_EVENTS.sessionHistory]: sessionHistorySchema,
  [WEB_EVENTS.sessionLeave]: sessionLeaveSchema,
  [WEB_EVENTS.sessionInput]: webSessionInputSchema,
  [WEB_EVENTS.sessionPermission]: webSessionPermissionSchema,
  [WEB_EVENTS.sessionInterrupt]: webSessionInterruptSchema,
  [WEB_EVENTS.sessionSettings]: webSessionSettingsSchema,
  [WEB_EVENTS.sessionRename]: sessionRenameSchema,
  [WEB_EVENTS.sessionDelete]: sessionDeleteSchema,
  [WEB_EVENTS.sessionModel]: sessionModelSchema,
  [WEB_EVENTS.sessionsSearch]: sessionsSearchSchema,
  [WEB_EVENTS.windowVisibility]: windowVisibilitySchema,
} as const;
