import { SEARCH_RESULTS_MAX, type SessionModel, type SessionRename, type SessionsSearch } from '../../../protocol';
import type { CliCommandRow, RemoteSessionRow } from '../../storage/schema';
import type { RemoteCoreDeps } from './deps';
import { fail } from './failures';
import { requireOwnInstance } from './instances';
import { notAttached, queueCommand, type SessionRef } from './sessions';

/**
 * Session management from the console (issue #13, item 8). Each change is stored, then told to the CLI as a command:
 * delivered now when it is connected, else kept for its next `cli:hello` (so an offline CLI learns on reconnect).
 * Like every driving event, it needs the instance's workspace lock.
 */
export interface Managed {
  session: RemoteSessionRow;
  command: CliCommandRow;
}

const gone = () => fail('NOT_FOUND', 'Session not found');

/** `session:rename`: the new title, for the console and the CLI. */
export async function renameSession(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean, input: SessionRename): Promise<Managed> {
  if (!holdsLock) throw notAttached();
  return patchAndTell(deps, session, { title: input.title }, 'session:rename');
}

/** `session:model`: one of the models the CLI offers (its last `cli:hello`), for this session's next requests. */
export async function chooseModel(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean, input: SessionModel): Promise<Managed> {
  if (!holdsLock) throw notAttached();
  const instance = await deps.repo.findInstance(session.instanceId);
  if (!instance?.models?.includes(input.model)) {
    throw fail('BAD_REQUEST', `The CLI does not offer the model ${JSON.stringify(input.model)}`, {
      details: [{ path: 'model', message: 'not one of the models the CLI offers' }],
    });
  }
  return patchAndTell(deps, session, { model: input.model }, 'session:model');
}

/** Stores the change on the session and queues the same change for its CLI (delivered now or at its next hello). */
async function patchAndTell(
  deps: RemoteCoreDeps,
  session: SessionRef,
  patch: { title: string } | { model: string },
  type: 'session:rename' | 'session:model',
): Promise<Managed> {
  const row = await deps.repo.patchSession(session.id, patch);
  if (!row) throw gone();
  const command = await queueCommand(deps, session.instanceId, type, { sessionId: session.id, ...patch });
  return { session: row, command };
}

/**
 * `session:delete`: the session's events go, the CLI is told to end and forget it. Deleting twice answers NOT_FOUND
 * the second time (the console treats that as done).
 */
export async function deleteSession(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean): Promise<Managed> {
  if (!holdsLock) throw notAttached();
  const row = await deps.repo.deleteSession(session.id, deps.now());
  if (!row) throw gone();
  const command = await queueCommand(deps, session.instanceId, 'session:delete', { sessionId: session.id });
  return { session: row, command };
}

/** `sessions:search`: reading only, so ownership of the instance is enough. */
export async function searchSessions(deps: RemoteCoreDeps, userId: string, input: SessionsSearch): Promise<string[]> {
  await requireOwnInstance(deps, userId, input.instanceId);
  return deps.repo.searchSessions(input.instanceId, input.query, SEARCH_RESULTS_MAX);
}
