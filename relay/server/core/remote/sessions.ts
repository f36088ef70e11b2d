import { randomUUID } from 'node:crypto';

import type { CliCommandType, CliSessionEvent, SessionMeta, WebSessionCreate } from '../../../protocol';
import type { EventAppendOutcome } from '../../storage/repos/remote/eventBatchRepo';
import { type RemoteRepo, UnknownSession } from '../../storage/repos/remoteRepo';
import type { CliCommandRow, RemoteSessionRow } from '../../storage/schema';
import type { RemoteCoreDeps } from './deps';
import { fail } from './failures';
import { requireOnline, requireOwnInstance } from './instances';
import { nameUuid } from './views';

export interface SessionRef {
  id: string;
  instanceId: string;
}

export async function ownSession(deps: RemoteCoreDeps, userId: string, sessionId: string): Promise<RemoteSessionRow> {
  const session = await deps.repo.findOwnSession(userId, sessionId);
  if (!session) throw fail('NOT_FOUND', 'Session not found');
  return session;
}

/**
 * appendEventThen as a promise, with a session that is gone answered NOT_FOUND. `urgent`: groupCommit.ts `append`.
 * `then`: what the promise resolves with, made from the stored event in the commit's hand-out (as a `then` of the
 * promise would, without a promise of its own; a throw rejects it).
 */
export function appendEvent<T = AppendResult>(
  deps: RemoteCoreDeps,
  input: Parameters<RemoteRepo['appendEvent']>[0],
  urgent = false,
  then?: (result: AppendResult) => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    appendEventThen(deps, input, urgent, (result, error) => {
      if (!result) return reject(error);
      try {
        resolve(then ? then(result) : (result as T));
      } catch (thrown) {
        reject(thrown);
      }
    }),
  );
}

/**
 * appendEvent without a promise: `done` is told the stored event (a session that is gone: NOT_FOUND as the error), or
 * the error, once committed; called from the commit's hand-out, it must not throw. For the hot path (a CLI's session
 * event), where a pending append should hold as little as it can until its commit.
 */
export function appendEventThen(
  deps: RemoteCoreDeps,
  input: Parameters<RemoteRepo['appendEvent']>[0],
  urgent: boolean,
  done: (result: AppendResult | undefined, error?: unknown) => void,
  /** Appends stored in their order or not at all (groupCommit.ts `appendThen`); without a group commit, one at a time anyway. */
  chain?: object,
): void {
  if (!deps.events) {
    appendAlone(deps, input).then(done, (error: unknown) => done(undefined, error));
    return;
  }
  deps.events.appendThen(
    input,
    urgent,
    (outcome, error) => {
      if (!outcome) done(undefined, error);
      else if ('unknown' in outcome) done(undefined, fail('NOT_FOUND', 'Session not found'));
      else done(outcome);
    },
    chain,
  );
}

/** Without a group commit (tests of the use cases): one statement per event. */
async function appendAlone(deps: RemoteCoreDeps, input: Parameters<RemoteRepo['appendEvent']>[0]) {
  try {
    return await deps.repo.appendEvent(input);
  } catch (error) {
    if (error instanceof UnknownSession) throw fail('NOT_FOUND', 'Session not found');
    throw error;
  }
}
export type AppendResult = Exclude<EventAppendOutcome, { unknown: true }>;

/** Stores a command for the instance's CLI (delivered now if it is connected, else with its next cli:hello). */
export const queueCommand = (
  deps: RemoteCoreDeps,
  instanceId: string,
  type: CliCommandType,
  payload: Record<string, unknown>,
  id: string = randomUUID(),
) => deps.repo.addCommand({ id, instanceId, type, payload, now: deps.now() });

/**
 * `session:event` from a CLI. A session it started on its own (not announced in cli:hello yet) is created; one of
 * another instance is NOT_FOUND. `known` remembers sessions already checked for this socket (a session never moves).
 */
export interface KnownSessions {
  has(sessionId: string): boolean;
  add(sessionId: string): unknown;
}

export async function acceptCliEvent(
  deps: RemoteCoreDeps,
  who: { instanceId: string; userId: string },
  input: CliSessionEvent,
  known: KnownSessions,
) {
  const created = await ensureCliSession(deps, who, input.sessionId, known);
  const result = await appendEvent(deps, { sessionId: input.sessionId, eventId: input.eventId, body: input.body, at: deps.now() });
  return { ...result, created };
}

/**
 * The session a CLI's event belongs to, checked once per socket: one it started on its own (not announced in cli:hello
 * yet) is created and returned; one of another instance, or deleted, is NOT_FOUND.
 */
export async function ensureCliSession(
  deps: RemoteCoreDeps,
  who: { instanceId: string; userId: string },
  sessionId: string,
  known: KnownSessions,
): Promise<RemoteSessionRow | null> {
  if (known.has(sessionId)) return null;
  let created: RemoteSessionRow | null = null;
  const session = await deps.repo.findSession(sessionId);
  if (session && (session.instanceId !== who.instanceId || session.deletedAt)) throw fail('NOT_FOUND', 'Session not found');
  if (!session) {
    const ensured = await deps.repo.ensureSession({ id: sessionId, instanceId: who.instanceId, userId: who.userId, createdAt: deps.now() });
    if (ensured.row.instanceId !== who.instanceId) throw fail('NOT_FOUND', 'Session not found');
    created = ensured.row;
  }
  known.add(sessionId);
  return created;
}

/** `session:meta` from a CLI: title and active flag of one of its own sessions. */
export async function updateCliSessionMeta(deps: RemoteCoreDeps, instanceId: string, input: SessionMeta): Promise<RemoteSessionRow> {
  const session = await deps.repo.findSession(input.sessionId);
  if (!session || session.instanceId !== instanceId || session.deletedAt) throw fail('NOT_FOUND', 'Session not found');
  const patch = { ...(input.title !== undefined && { title: input.title }), ...(input.active !== undefined && { active: input.active }) };
  const updated = await deps.repo.updateSessionMeta(input.sessionId, patch, deps.now());
  if (!updated) throw fail('NOT_FOUND', 'Session not found');
  return updated;
}

/**
 * `session:create` from a browser holding the workspace: idempotent per clientRequestId; a new session is announced
 * to the CLI with a `session:create` command.
 */
export async function createWebSession(
  deps: RemoteCoreDeps,
  who: { userId: string; holdsLock: (instanceId: string) => Promise<boolean> },
  input: WebSessionCreate,
): Promise<{ row: RemoteSessionRow; command: CliCommandRow | null }> {
  await requireOwnInstance(deps, who.userId, input.instanceId);
  if (!(await who.holdsLock(input.instanceId))) throw notAttached();
  await requireOnline(deps, input.instanceId);
  const { row, created } = await deps.repo.ensureSession({
    id: randomUUID(),
    instanceId: input.instanceId,
    userId: who.userId,
    createdAt: deps.now(),
    clientRequestId: input.clientRequestId,
  });
  if (!created) return { row, command: null };
  const command = await queueCommand(
    deps,
    input.instanceId,
    'session:create',
    { sessionId: row.id, autoApprove: row.autoApprove },
    nameUuid('create', row.id),
  );
  return { row, command };
}

export const notAttached = () => fail('NOT_ATTACHED', 'Attach the instance first (instance:attach)');
