import { z } from 'zod';

import { code, FILE_DIFF_MAX_CHARS, id, INPUT_TEXT_MAX_CHARS, iso, json, TEXT_MAX, TOOL_OUTPUT_MAX_CHARS, uuid } from './fields';
import { plain, text } from './text';

/**
 * Session events (docs/protocol.md): what a CLI reports about a session (chat, tool calls, diffs, todos, sub-agents,
 * permissions, turn ends, notices and errors), and what the relay stores and fans out to browsers with a seq.
 * Re-exported by remote.ts.
 */

export const toolCallStatuses = ['executing', 'completed', 'failed'] as const;
export const todoStatuses = ['pending', 'in_progress', 'completed'] as const;
export const subagentStatuses = ['initializing', 'running', 'completed', 'failed', 'cancelled', 'unknown'] as const;
export const setupStepStatuses = ['pending', 'running', 'done', 'failed'] as const;
export const permissionDecisions = ['allow', 'deny'] as const;
export const permissionScopes = ['once', 'session'] as const;
export const turnEndReasons = ['completed', 'interrupted', 'error', 'limit'] as const;
export const noticeLevels = ['info', 'warning'] as const;

export const permissionDecisionSchema = z.enum(permissionDecisions);
export const permissionScopeSchema = z.enum(permissionScopes);

export const userMessageBodySchema = z.object({
  type: z.literal('user_message'),
  clientMsgId: id,
  text: text(INPUT_TEXT_MAX_CHARS),
});
export const assistantDeltaBodySchema = z.object({
  type: z.literal('assistant_delta'),
  messageId: id,
  text: text(TEXT_MAX),
});
export const assistantMessageBodySchema = z.object({
  type: z.literal('assistant_message'),
  messageId: id,
  text: text(TEXT_MAX),
});
/**
 * `agentId` on `tool_call`, `tool_output`, `file_diff` and `permission_request`: set when a sub-agent (the `subagent`
 * event with that `agentId`) issued the call, so the console can nest it under the sub-agent; absent for the main agent.
 */
const agentIdField = { agentId: id.optional() };

export const toolCallBodySchema = z.object({
  type: z.literal('tool_call'),
  toolCallId: id,
  ...agentIdField,
  name: text(200).pipe(z.string().min(1)),
  title: text(2000),
  input: json,
  status: z.enum(toolCallStatuses),
  output: text(TOOL_OUTPUT_MAX_CHARS).optional(),
  error: text(TOOL_OUTPUT_MAX_CHARS).optional(),
});
export const toolOutputBodySchema = z.object({
  type: z.literal('tool_output'),
  toolCallId: id,
  ...agentIdField,
  stream: z.enum(['stdout', 'stderr']),
  chunk: text(TOOL_OUTPUT_MAX_CHARS),
});
export const fileDiffBodySchema = z.object({
  type: z.literal('file_diff'),
  toolCallId: id,
  ...agentIdField,
  path: text(4096).pipe(z.string().min(1)),
  oldText: text(FILE_DIFF_MAX_CHARS),
  newText: text(FILE_DIFF_MAX_CHARS),
});
export const todoItemSchema = z.object({
  id: id,
  content: text(10_000),
  status: z.enum(todoStatuses),
});
export type TodoItem = z.infer<typeof todoItemSchema>;
export const todoListBodySchema = z.object({
  type: z.literal('todo_list'),
  items: z.array(todoItemSchema).max(1000),
});
export const subagentBodySchema = z.object({
  type: z.literal('subagent'),
  agentId: id,
  parentToolCallId: id,
  title: text(2000),
  status: z.enum(subagentStatuses),
  summary: text(TOOL_OUTPUT_MAX_CHARS).optional(),
});
export const setupStepBodySchema = z.object({
  type: z.literal('setup_step'),
  stepId: id,
  title: text(2000),
  status: z.enum(setupStepStatuses),
  detail: text(10_000).optional(),
});
/**
 * What an approval card shows before the user decides (optional, filled by the CLI): the change a write or edit makes
 * (`oldText` empty for a new file), the full command and the directory it runs in, or the URL a fetch opens.
 */
export const permissionPreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('diff'),
    path: text(4096).pipe(z.string().min(1)),
    oldText: text(FILE_DIFF_MAX_CHARS),
    newText: text(FILE_DIFF_MAX_CHARS),
    created: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('command'), command: text(INPUT_TEXT_MAX_CHARS), cwd: text(4096) }),
  z.object({ kind: z.literal('url'), url: plain(z.string().max(8192)) }),
]);
export type PermissionPreview = z.infer<typeof permissionPreviewSchema>;
export const permissionRequestBodySchema = z.object({
  type: z.literal('permission_request'),
  requestId: id,
  toolCallId: id,
  ...agentIdField,
  tool: text(200).pipe(z.string().min(1)),
  summary: text(10_000),
  input: json,
  preview: permissionPreviewSchema.optional(),
});
export const permissionResponseBodySchema = z.object({
  type: z.literal('permission_response'),
  requestId: id,
  decision: permissionDecisionSchema,
  scope: permissionScopeSchema,
});
/**
 * Where a user's input stands at the CLI, by its clientMsgId: `received` (taken, waiting behind the running turn),
 * `started` (its turn began), `dropped` (an interrupt cleared it before it ran). The console shows each message's
 * delivery from these (queued on the device → at the relay → at the CLI → turn started).
 */
export const inputStatuses = ['received', 'started', 'dropped'] as const;
export const inputStatusBodySchema = z.object({
  type: z.literal('input_status'),
  clientMsgId: id,
  status: z.enum(inputStatuses),
});
export const turnEndBodySchema = z.object({
  type: z.literal('turn_end'),
  reason: z.enum(turnEndReasons),
});
/** Values to fill into a translated `notice` / `error` text (`{{name}}` placeholders); at most 50 entries. */
export const messageParamsSchema = z
  .record(code, z.union([text(10_000), z.number()]))
  .refine((v) => Object.keys(v).length <= 50, { message: 'at most 50 params' });
export type MessageParams = z.infer<typeof messageParamsSchema>;

export const errorBodyEventSchema = z.object({
  type: z.literal('error'),
  /** A stable code (`cliErrorCodes` for the reference CLI); the console translates it, `message` is the fallback. */
  code,
  message: text(10_000),
  params: messageParamsSchema.optional(),
});
export const noticeBodySchema = z.object({
  type: z.literal('notice'),
  level: z.enum(noticeLevels),
  /** English text: the fallback when the console does not know `code`. */
  text: text(TEXT_MAX),
  /** A stable code (`cliNoticeCodes` for the reference CLI) the console translates, with `params` filled in. */
  code: code.optional(),
  params: messageParamsSchema.optional(),
});

/**
 * Notice codes the reference CLI emits (the `code` field stays a free string: other CLIs may add their own), with
 * their params. Console: translate `code` when known, else show `text`.
 */
export const cliNoticeCodes = [
  /** { cwd, model } — a session is ready with a model. */
  'cli.ready',
  /** No model configured (TERN_MODEL_URL unset); plain text cannot be answered. */
  'cli.noModel',
  /** `/help`: `text` is the command list (markdown). */
  'cli.help',
  /** `/clear`: the model context was cleared. */
  'cli.cleared',
  /** `/stats`: { requests, inputTokens, outputTokens, cacheReadTokens, cacheCreationTokens, model? }. */
  'cli.stats',
  /** `/exit`: the session ended. */
  'cli.exit',
  /** Input for a session that has ended (/exit). */
  'cli.sessionEnded',
  /** The CLI restarted during a turn; that turn was closed as interrupted. */
  'cli.turnRecovered',
  /**
   * Usage denied before a model request (level warning; the turn ends with `turn_end: limit`):
   * { reason: 'RATE_LIMITED' | 'QUOTA_EXCEEDED', retryAfterSeconds? }.
   */
  'cli.limit',
  /** The turn stopped after { maxSteps } model requests (turn_end: limit). */
  'cli.maxSteps',
  /** `!` without a command. */
  'cli.shellUsage',
  /** Unknown slash command: { command } (without the slash). */
  'cli.unknownCommand',
  /** `/login-link`: { url } — a one-time browser sign-in link. */
  'cli.loginLink',
  /** `/login-link` while the CLI is not connected to the relay. */
  'cli.loginLinkOffline',
] as const;
export type CliNoticeCode = (typeof cliNoticeCodes)[number];

/**
 * `error` codes the reference CLI emits, with their params. (Transcripts from before notice codes may also hold
 * `error` RATE_LIMITED / QUOTA_EXCEEDED; usage denials are now the `cli.limit` notice.)
 */
export const cliErrorCodes = [
  /** The model API failed: { status? } (HTTP status when there was one). */
  'MODEL_ERROR',
  /** `/login-link` failed. */
  'LOGIN_LINK_FAILED',
  /** A turn failed inside the CLI (a bug or an unexpected fault); the turn ends with `turn_end: error`. */
  'INTERNAL',
  /**
   * The relay refused one of this session's events for good (BAD_REQUEST, NOT_FOUND …): the CLI set it aside in its
   * dead-letter file and went on. { eventType, reason } (the refused body type, the relay's code); `message` holds the
   * sanitised reason, never the refused payload.
   */
  'EVENT_UNDELIVERABLE',
] as const;
export type CliErrorCode = (typeof cliErrorCodes)[number];

export const sessionEventBodySchema = z.discriminatedUnion('type', [
  userMessageBodySchema,
  assistantDeltaBodySchema,
  assistantMessageBodySchema,
  toolCallBodySchema,
  toolOutputBodySchema,
  fileDiffBodySchema,
  todoListBodySchema,
  subagentBodySchema,
  setupStepBodySchema,
  permissionRequestBodySchema,
  permissionResponseBodySchema,
  turnEndBodySchema,
  errorBodyEventSchema,
  noticeBodySchema,
  inputStatusBodySchema,
]);
export type SessionEventBody = z.infer<typeof sessionEventBodySchema>;
export type SessionEventType = SessionEventBody['type'];
export type SessionEventBodyOf<T extends SessionEventType> = Extract<SessionEventBody, { type: T }>;

/** What the relay stores and fans out to `/web`. */
export const sessionEventSchema = z.object({
  sessionId: uuid,
  seq: z.number().int().min(1),
  eventId: uuid,
  at: iso,
  body: sessionEventBodySchema,
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/**
 * relay → browser `session:live`: an event as it passes through the relay, fanned out BEFORE it is stored, so it has no
 * seq yet. The same event (same eventId) follows as `session:event` once committed, with its seq; a browser shows a
 * live event at the end of the session until then, and replaces it by the stored one (reconciling by eventId). A live
 * event whose stored copy never comes (the relay died before the commit and nobody resent it) is dropped at the next
 * `session:join`, which replays the truth from storage. docs/protocol.md, "Live events".
 */
export const liveSessionEventSchema = sessionEventSchema.omit({ seq: true });
export type LiveSessionEvent = z.infer<typeof liveSessionEventSchema>;

/** The most events one `session:events` message carries. */
export const SESSION_EVENTS_MAX = 500;
/**
 * A stored copy of an event the window already has live (`session:live` on this connection): only its seq, since the
 * body is the live copy's. Sent in `session:events` to a window that joined with `notices: true`. With `at`: the stored
 * copy of the window's own input (its `user_message`, body `{ clientMsgId, text }` as the window sent them), in the ack
 * of that input only, to a window that joined with `ownNotices` (sessionJoinSchema).
 */
/**
 * A stored copy as its seq only (see sessionJoinSchema `notices`); `at` and `clientMsgId` on the stored copy of the
 * window's own input (`ownNotices`, `inputNotices`): the window sent its body, so it builds the event from its outbox.
 */
export const storedNoticeSchema = z.object({ eventId: uuid, seq: z.number().int().min(1), at: iso.optional(), clientMsgId: id.optional() });
export type StoredNotice = z.infer<typeof storedNoticeSchema>;
/**
 * relay → browser `session:events`: several stored events of one session in one message (a replay page, or what one
 * group commit stored), each exactly as `session:event` would carry it, and for a window that joined with `notices`
 * the seqs of events it had live (`notices`); events and notices together are contiguous seqs. Sent only to a window
 * that joined with `batches: true`; fewer, bigger messages make a replay and a busy stream cheaper at both ends.
 */
export const sessionEventsSchema = z
  .object({
    sessionId: uuid,
    events: z.array(sessionEventSchema).max(SESSION_EVENTS_MAX),
    notices: z.array(storedNoticeSchema).max(SESSION_EVENTS_MAX).optional(),
  })
  .refine((batch) => batch.events.length + (batch.notices?.length ?? 0) > 0, 'session:events carries no event');
export type SessionEvents = z.infer<typeof sessionEventsSchema>;

/**
 * `tail`: replay at most the session's last `tail` events (the ack's `from` says where it starts; older ones come with
 * `session:history`). `batches`: stored events may come as `session:events` too. `notices` (with batches): the stored
 * copy of an event this connection had live comes as its seq only (storedNoticeSchema). `carried` (with batches):
 * stored copies due when the ack of its `session:input` goes out ride in it (inputAckSchema `stored`); `carriedLive`
 * (with carried and notices): in a `session:live` to it too (liveSessionPushSchema). `ownNotices` (with carried and
 * notices): the input's own stored copy in that ack is a notice with its `at` (storedNoticeSchema), since the window
 * sent its body. `inputNotices` (with carriedLive and ownNotices): the window may send its `session:input` to this
 * session without an ack; the relay answers it in the stored copies (its own notice with `clientMsgId`, held like any
 * notice) or with `session:refused` (receipts.ts). docs/protocol.md.
 */
export const sessionJoinSchema = z.object({
  sessionId: uuid,
  afterSeq: z.number().int().nonnegative(),
  tail: z.number().int().min(1).max(SESSION_EVENTS_MAX).optional(),
  batches: z.boolean().optional(),
  notices: z.boolean().optional(),
  carried: z.boolean().optional(),
  carriedLive: z.boolean().optional(),
  ownNotices: z.boolean().optional(),
  inputNotices: z.boolean().optional(),
});
export type SessionJoin = z.infer<typeof sessionJoinSchema>;

/**
 * `session:history` (browser → relay): the stored events just before `beforeSeq`, at most `limit`, for a window that
 * joined with a `tail` and scrolls up to older messages. The ack (sessionHistoryAckSchema) has them in seq order: the
 * latest ones before `beforeSeq`, fewer when the session begins sooner or the page reached its size cap.
 */
export const sessionHistorySchema = z.object({
  sessionId: uuid,
  beforeSeq: z.number().int().min(1),
  limit: z.number().int().min(1).max(SESSION_EVENTS_MAX),
});
export type SessionHistory = z.infer<typeof sessionHistorySchema>;
