import { z } from 'zod';

import { uuid } from './fields';
import { INPUT_REFUSED, inputRefusedSchema } from './inputNotices';
import { WINDOW_VISIBILITY_EVENT, windowVisibilitySchema } from './push';
import { COMMANDS_TOOK, commandsTookSchema } from './receipts';
import {
  ackSchema,
  authRevokedSchema,
  CLI_COMMANDS,
  CLI_EVENTS,
  cliHelloAckSchema,
  cliHelloSchema,
  cliSessionEventSchema,
  cliUsageAuthorizeAckSchema,
  cliUsageReportAckSchema,
  commandsTakenSchema,
  instanceAttachAckSchema,
  instanceAttachSchema,
  instanceDetachSchema,
  instancesListAckSchema,
  instancesListSchema,
  instanceUpdatedSchema,
  liveSessionEventSchema,
  okAckSchema,
  seqAckSchema,
  SESSION_EVENTS_MAX,
  sessionAckSchema,
  sessionCreateCommandSchema,
  sessionDeletedSchema,
  sessionDeleteSchema,
  sessionEventSchema,
  sessionEventsSchema,
  sessionHistorySchema,
  sessionInputCommandSchema,
  sessionInterruptCommandSchema,
  sessionJoinSchema,
  sessionLeaveSchema,
  sessionMetaSchema,
  sessionModelSchema,
  sessionPermissionCommandSchema,
  sessionRenameSchema,
  sessionSchema,
  sessionSettingsCommandSchema,
  sessionsSearchSchema,
  sessionUpdatedSchema,
  usageAuthorizeSchema,
  usageReportEventSchema,
  WEB_EVENTS,
  WEB_PUSH,
  webSessionCreateSchema,
  webSessionInputSchema,
  webSessionInterruptSchema,
  webSessionPermissionSchema,
  webSessionSettingsSchema,
  type WindowDevice,
  workspaceLostSchema,
} from './remote';
import { SEARCH_RESULTS_MAX } from './sessionManagement';

/**
 * `session:join` ack: the session, `from`, the seq its replay starts after (above `afterSeq` when `tail` cut it), and
 * `inputNotices` when the relay takes this window's inputs to the session without an ack (inputNotices.ts).
 */
export const sessionJoinAckSchema = ackSchema({
  session: sessionSchema,
  from: z.number().int().nonnegative().optional(),
  inputNotices: z.literal(true).optional(),
});
/** `session:history` ack: the stored events just before the asked seq, in seq order (sessionHistorySchema). */
export const sessionHistoryAckSchema = ackSchema({ events: z.array(sessionEventSchema).max(SESSION_EVENTS_MAX) });

/** `sessions:search` ack: the matching sessions' ids, most recently active first. */
export const sessionsSearchAckSchema = ackSchema({ sessionIds: z.array(z.uuid()).max(SEARCH_RESULTS_MAX) });

/**
 * Typed Socket.IO event maps for `/cli` and `/web` (the pattern of Socket.IO's TypeScript docs): every event's payload
 * schema and ack schema are tied together in one contract table, and the maps below are derived from it. The relay
 * types its namespaces as `Namespace<…>`, the CLI and the PWA their sockets as `Socket<…>`, so a wrong payload or ack
 * fails `tsc` (relay/protocol/remoteEvents.typecheck.ts proves it).
 */

/** An inbound event: what the sender emits (`payload`, validated by the receiver) and what it gets back (`ack`). */
export interface EventContract<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  payload: P;
  ack: A;
}
const contract = <P extends z.ZodType, A extends z.ZodType>(payload: P, ack: A): EventContract<P, A> => ({ payload, ack });

/** CLI → relay. */
export const cliEventContracts = {
  [CLI_EVENTS.hello]: contract(cliHelloSchema, cliHelloAckSchema),
  [CLI_EVENTS.sessionEvent]: contract(cliSessionEventSchema, seqAckSchema),
  [CLI_EVENTS.sessionMeta]: contract(sessionMetaSchema, okAckSchema),
  [CLI_EVENTS.usageAuthorize]: contract(usageAuthorizeSchema, cliUsageAuthorizeAckSchema),
  [CLI_EVENTS.usageReport]: contract(usageReportEventSchema, cliUsageReportAckSchema),
  [CLI_EVENTS.commandsTaken]: contract(commandsTakenSchema, okAckSchema),
} as const;

/** CLI → relay notices: events that take no ack (a receipt needs no answer: receipts.ts). */
export const cliNoticeSchemas = {
  [COMMANDS_TOOK]: commandsTookSchema,
} as const;

/** Relay → CLI commands; the CLI acks `{ ok: true }` once it has taken one. */
export const cliCommandContracts = {
  [CLI_COMMANDS.sessionCreate]: contract(sessionCreateCommandSchema, okAckSchema),
  [CLI_COMMANDS.sessionInput]: contract(sessionInputCommandSchema, okAckSchema),
  [CLI_COMMANDS.sessionPermission]: contract(sessionPermissionCommandSchema, okAckSchema),
  [CLI_COMMANDS.sessionInterrupt]: contract(sessionInterruptCommandSchema, okAckSchema),
  [CLI_COMMANDS.sessionSettings]: contract(sessionSettingsCommandSchema, okAckSchema),
  [CLI_COMMANDS.sessionRename]: contract(sessionRenameSchema, okAckSchema),
  [CLI_COMMANDS.sessionDelete]: contract(sessionDeleteSchema, okAckSchema),
  [CLI_COMMANDS.sessionModel]: contract(sessionModelSchema, okAckSchema),
} as const;

/**
 * The ack of a browser's `session:input`: the seq of its `user_message`. For a window that joined the session with
 * `carried: true`, `stored` may hold the session's stored copies due to it at that moment (the input's own, and what
 * the same commit stored, such as the CLI's answer): a `session:events` payload (sessionEventsSchema), in place of that
 * message. It is checked on its own, as the push would be, so that copies a page cannot read (a newer relay's event)
 * do not make the ack itself unreadable: the page then re-joins the session for them.
 */
export const inputAckSchema = ackSchema({ seq: z.number().int().min(1), stored: z.unknown().optional() });
export type InputAck = z.infer<typeof inputAckSchema>;

/**
 * `session:live` as pushed to a window: the event before its commit, and, for a window that joined with `carriedLive`,
 * `stored`: the session's stored copies due to it at that moment (earlier seqs; notices mostly), a `session:events`
 * payload in place of that message, checked on its own as in the input's ack.
 */
export const liveSessionPushSchema = liveSessionEventSchema.extend({ stored: z.unknown().optional() });
export type LiveSessionPush = z.infer<typeof liveSessionPushSchema>;

/** Browser → relay. */
export const webEventContracts = {
  [WEB_EVENTS.instancesList]: contract(instancesListSchema, instancesListAckSchema),
  [WEB_EVENTS.instanceAttach]: contract(instanceAttachSchema, instanceAttachAckSchema),
  [WEB_EVENTS.instanceDetach]: contract(instanceDetachSchema, okAckSchema),
  [WEB_EVENTS.sessionCreate]: contract(webSessionCreateSchema, sessionAckSchema),
  [WEB_EVENTS.sessionJoin]: contract(sessionJoinSchema, sessionJoinAckSchema),
  [WEB_EVENTS.sessionHistory]: contract(sessionHistorySchema, sessionHistoryAckSchema),
  [WEB_EVENTS.sessionLeave]: contract(sessionLeaveSchema, okAckSchema),
  [WEB_EVENTS.sessionInput]: contract(webSessionInputSchema, inputAckSchema),
  [WEB_EVENTS.sessionPermission]: contract(webSessionPermissionSchema, seqAckSchema),
  [WEB_EVENTS.sessionInterrupt]: contract(webSessionInterruptSchema, okAckSchema),
  [WEB_EVENTS.sessionSettings]: contract(webSessionSettingsSchema, sessionAckSchema),
  [WEB_EVENTS.sessionRename]: contract(sessionRenameSchema, sessionAckSchema),
  [WEB_EVENTS.sessionDelete]: contract(sessionDeleteSchema, okAckSchema),
  [WEB_EVENTS.sessionModel]: contract(sessionModelSchema, sessionAckSchema),
  [WEB_EVENTS.sessionsSearch]: contract(sessionsSearchSchema, sessionsSearchAckSchema),
  [WINDOW_VISIBILITY_EVENT]: contract(windowVisibilitySchema, okAckSchema),
} as const;

/** Relay → browser pushes (no ack). */
export const webPushSchemas = {
  [WEB_PUSH.instanceUpdated]: instanceUpdatedSchema,
  [WEB_PUSH.sessionUpdated]: sessionUpdatedSchema,
  [WEB_PUSH.sessionEvent]: sessionEventSchema,
  [WEB_PUSH.sessionLive]: liveSessionPushSchema,
  [WEB_PUSH.sessionEvents]: sessionEventsSchema,
  [WEB_PUSH.sessionDeleted]: sessionDeletedSchema,
  [WEB_PUSH.workspaceLost]: workspaceLostSchema,
  [WEB_PUSH.authRevoked]: authRevokedSchema,
  [INPUT_REFUSED]: inputRefusedSchema,
} as const;

type Contracts = Record<string, EventContract>;

/** The payload a sender emits for `E` (zod input: defaults may be left out). */
export type PayloadOf<C extends Contracts, E extends keyof C> = z.input<C[E]['payload']>;
/** The payload a receiver's handler gets for `E`, after validation (zod output). */
export type ParsedOf<C extends Contracts, E extends keyof C> = z.output<C[E]['payload']>;
/** The ack `E` answers. */
export type AckOf<C extends Contracts, E extends keyof C> = z.output<C[E]['ack']>;

/** Socket.IO listener map of a contract table: `(payload, ack) => void` per event. */
export type EventsWithAck<C extends Contracts> = {
  [E in keyof C]: (payload: PayloadOf<C, E>, ack: (response: AckOf<C, E>) => void) => void;
};
type PushEvents<S extends Record<string, z.ZodType>> = { [E in keyof S]: (payload: z.output<S[E]>) => void };

export type CliEventName = keyof typeof cliEventContracts;
export type CliCommandName = keyof typeof cliCommandContracts;
export type WebEventName = keyof typeof webEventContracts;
export type WebPushName = keyof typeof webPushSchemas;

/** `/cli`: what the CLI emits. */
export type CliClientToServerEvents = EventsWithAck<typeof cliEventContracts> & PushEvents<typeof cliNoticeSchemas>;
/** `/cli`: what the relay emits to a CLI (commands with acks, and `auth:revoked`). */
export type CliServerToClientEvents = EventsWithAck<typeof cliCommandContracts> & {
  [CLI_COMMANDS.authRevoked]: (payload: z.output<typeof authRevokedSchema>) => void;
};
/** `/web`: what the browser emits. */
export type WebClientToServerEvents = EventsWithAck<typeof webEventContracts>;
/** `/web`: what the relay pushes to a browser. */
export type WebServerToClientEvents = PushEvents<typeof webPushSchemas>;
/**
 * `fanoutAnswers`: the forwarding node takes the command's stored copy in the CLI's node's `remote:fanout` as its
 * answer, so that node sends no `remote:input-stored` when it stored and published the command (an older node, which
 * does not set it, is answered as before).
 */
const forwardedFields = { event: liveSessionEventSchema, instanceId: uuid, fanoutAnswers: z.literal(true).optional() };
/**
 * Between relay nodes: a browser's input or permission answer for a CLI connected to another node, forwarded to that
 * node to be stored, handed over and fanned out there (relay/server/remote/commandForward.ts), and that node's answer
 * (the seq; null: not stored there). An input keeps the `input` field of the first release that forwarded inputs, so
 * nodes of both releases understand each other's inputs during a rolling update.
 */
export const forwardedInputSchema = z.object({ ...forwardedFields, input: sessionInputCommandSchema });
export const forwardedCommandSchema = z.union([
  forwardedInputSchema,
  z.object({ ...forwardedFields, permission: sessionPermissionCommandSchema }),
]);
/**
 * The CLI's node's answer to a forwarded command: its seq (null: not stored there), and the stored event, which the
 * window's node delivers to its windows at once, so the input's ack carries it (an older node sends no event).
 */
export const forwardedCommandStoredSchema = z.object({
  eventId: uuid,
  seq: z.number().int().positive().nullable(),
  event: sessionEventSchema.optional(),
});

/** Between relay nodes (through the adapter's serverSideEmit): a persisted session event, for every node's sockets. */
export interface InterServerEvents {
  'remote:input': (payload: z.input<typeof forwardedCommandSchema>) => void;
  'remote:input-stored': (payload: z.input<typeof forwardedCommandStoredSchema>) => void;
  'remote:session-event': (event: z.output<typeof sessionEventSchema>) => void;
  /** Live copies and stored events one node published in one turn (relay/server/remote/fanout.ts). */
  'remote:fanout': (batch: {
    live: Array<z.output<typeof liveSessionEventSchema>>;
    stored: Array<z.output<typeof sessionEventSchema>>;
  }) => void;
  /** An event before its commit (no seq), for every node's sockets that joined its session. */
  'remote:session-live': (event: z.output<typeof liveSessionEventSchema>) => void;
  /** An instance was attached or detached on some node: forget the workspace leases trusted for it. */
  'remote:lease-lost': (instanceId: string) => void;
}

/** `socket.data` of a `/cli` socket once its handshake passed. */
export interface CliSocketData {
  kind: 'cli';
  userId: string;
  tokenId: string;
  instanceId: string;
}
/** `socket.data` of a `/web` socket once its handshake passed. */
export interface WebSocketData {
  kind: 'web';
  userId: string;
  jti: string;
  windowId: string;
  /** The window's browser, from the handshake's User-Agent (shown to another window that finds the workspace busy). */
  device: WindowDevice;
}
