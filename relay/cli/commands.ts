/**
 * The relay's commands to this CLI (`session:create`, `session:input`, `session:permission`, `session:interrupt`,
 * `session:settings`, `session:rename`, `session:delete`, `session:model`), live or handed over in the `cli:hello` ack: each payload is validated with its contract's
 * schema (relay/protocol/remoteEvents.ts) and applied to the sessions; the answer is the command's ack.
 */
import type { z } from 'zod';

import { CLI_COMMANDS, type OkAck } from '../protocol/remote';
import { cliCommandContracts, type CliCommandName, type ParsedOf } from '../protocol/remoteEvents';
import { type ModelConfig, NO_MODEL_NOTICE } from './config';
import { short } from './outboxPump';
import type { Session } from './session';

type Commands = typeof cliCommandContracts;
/** One handler per command, given the validated payload. */
export type CommandHandlers = { [E in CliCommandName]: (command: ParsedOf<Commands, E>) => void };

const badRequest = (message: string): OkAck => ({ ok: false, error: { code: 'BAD_REQUEST', message } });

function take<T>(parsed: z.ZodSafeParseResult<T>, handler: (command: T) => void): OkAck {
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? 'invalid payload');
  handler(parsed.data);
  return { ok: true };
}

/** Validates and applies one command; BAD_REQUEST for an unknown command or a payload its schema refuses. */
export function applyCommand(type: string, payload: unknown, handlers: CommandHandlers): OkAck {
  switch (type) {
    // One case per command, so that each payload schema and handler keep their own types.
    case CLI_COMMANDS.sessionCreate:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionInput:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionPermission:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionInterrupt:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionSettings:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionRename:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionDelete:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    case CLI_COMMANDS.sessionModel:
      return take(cliCommandContracts[type].payload.safeParse(payload), handlers[type]);
    default:
      return badRequest(`unknown command ${type}`);
  }
}

export interface CommandContext {
  sessions: Map<string, Session>;
  /** A new session (not yet in `sessions`). */
  newSession(id: string, autoApprove: boolean): Session;
  /** The session, created if the relay knows it and this process does not (created while it was away, or an earlier run). */
  sessionFor(sessionId: string): Session;
  /** Ends and forgets a session deleted in the console (its file, its unsent events); false if it was not known. */
  forget(sessionId: string): boolean;
  cwd: string;
  model: ModelConfig | null;
  log: (line: string) => void;
}

/** What each command does to the sessions. Repeats are harmless: the dedupe is by sessionId, clientMsgId and requestId. */
export function commandHandlers(ctx: CommandContext): CommandHandlers {
  return {
    [CLI_COMMANDS.sessionCreate]: ({ sessionId, autoApprove }) => {
      if (ctx.sessions.has(sessionId)) return;
      const session = ctx.newSession(sessionId, autoApprove);
      ctx.sessions.set(session.id, session);
      ctx.log(`New session ${short(session.id)}.`);
      const model = ctx.model;
      session.emit(
        model
          ? {
              type: 'notice',
              level: 'info',
              text: `Ready in ${ctx.cwd} — model ${model.model}. Type /help for commands.`,
              code: 'cli.ready',
              params: { cwd: ctx.cwd, model: model.model },
            }
          : { type: 'notice', level: 'warning', text: NO_MODEL_NOTICE, code: 'cli.noModel' },
      );
      session.save();
    },
    [CLI_COMMANDS.sessionInput]: ({ sessionId, clientMsgId, text }) => {
      const session = ctx.sessionFor(sessionId);
      if (session.input(clientMsgId, text)) ctx.log(`[${short(session.id)}] ${text.length > 100 ? text.slice(0, 97) + '…' : text}`);
    },
    [CLI_COMMANDS.sessionPermission]: ({ sessionId, requestId, decision, scope }) => {
      // An unknown or already-answered request is acked (the relay must not resend it) and ignored.
      ctx.sessions.get(sessionId)?.answerPermission(requestId, decision, scope);
    },
    [CLI_COMMANDS.sessionInterrupt]: ({ sessionId }) => {
      const session = ctx.sessions.get(sessionId);
      if (session?.busy) ctx.log(`[${short(session.id)}] interrupted`);
      session?.interrupt();
    },
    [CLI_COMMANDS.sessionSettings]: ({ sessionId, autoApprove }) => {
      ctx.sessionFor(sessionId).setAutoApprove(autoApprove);
    },
    [CLI_COMMANDS.sessionRename]: ({ sessionId, title }) => {
      ctx.sessionFor(sessionId).rename(title);
      ctx.log(`[${short(sessionId)}] renamed: ${title.length > 100 ? title.slice(0, 97) + '…' : title}`);
    },
    [CLI_COMMANDS.sessionModel]: ({ sessionId, model }) => {
      const applied = ctx.sessionFor(sessionId).setModel(model);
      ctx.log(`[${short(sessionId)}] ${applied ? `model: ${model}` : `model ${model} is not configured here; unchanged`}`);
    },
    [CLI_COMMANDS.sessionDelete]: ({ sessionId }) => {
      // Repeats and unknown sessions are fine: forgetting twice forgets nothing more.
      if (ctx.forget(sessionId)) ctx.log(`[${short(sessionId)}] deleted in the console; forgotten.`);
    },
  };
}
