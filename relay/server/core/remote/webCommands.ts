import type { SessionInputCommand, SessionPermissionCommand } from '../../../protocol';
import type { CliCommandRow, RemoteSessionRow, SessionEventRow } from '../../storage/schema';
import type { RemoteCoreDeps } from './deps';
import { fail } from './failures';
import { requireOnline } from './instances';
import { appendEvent, type AppendResult, notAttached, queueCommand, type SessionRef } from './sessions';
import { nameUuid } from './views';

/** What a browser command did: the event it stored (for the seq and the fan-out), the command for the CLI. */
export interface Applied {
  event: SessionEventRow;
  session: RemoteSessionRow | null;
  /** Null when this was a resend of something already applied (nothing to publish or deliver again). */
  command: CliCommandRow | null;
}

const applied = (result: AppendResult, command: CliCommandRow | null): Applied => ({
  event: result.event,
  session: result.session,
  command,
});

/**
 * `session:input`: stored as a `user_message` event (idempotent per clientMsgId) and sent to the CLI. A resend of an
 * input already taken answers its seq even from a window that no longer holds the workspace: nothing applies twice.
 */
export async function sendInput(
  deps: RemoteCoreDeps,
  session: SessionRef,
  holdsLock: boolean,
  input: SessionInputCommand,
): Promise<Applied> {
  const eventId = nameUuid('input', session.id, input.clientMsgId);
  if (!holdsLock) {
    const existing = await deps.repo.findEvent(session.id, eventId);
    if (existing) return { event: existing, session: null, command: null };
    throw notAttached();
  }
  const result = await appendEvent(deps, {
    sessionId: session.id,
    eventId,
    body: { type: 'user_message', clientMsgId: input.clientMsgId, text: input.text },
    at: deps.now(),
  });
  if (result.duplicate) return applied(result, null);
  return applied(result, await queueCommand(deps, session.instanceId, 'session:input', { ...input }, eventId));
}

/** `session:permission`: the answer is stored once (per requestId) and sent to the CLI. */
export async function answerPermission(
  deps: RemoteCoreDeps,
  session: SessionRef,
  holdsLock: boolean,
  input: SessionPermissionCommand,
): Promise<Applied> {
  if (!holdsLock) throw notAttached();
  const eventId = nameUuid('permission', session.id, input.requestId);
  const result = await appendEvent(deps, {
    sessionId: session.id,
    eventId,
    body: { type: 'permission_response', requestId: input.requestId, decision: input.decision, scope: input.scope },
    at: deps.now(),
  });
  if (result.duplicate) return applied(result, null);
  return applied(result, await queueCommand(deps, session.instanceId, 'session:permission', { ...input }, eventId));
}

/** `session:interrupt`: only for an online CLI (an interrupt queued for later would stop a turn nobody remembers). */
export async function interruptSession(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean): Promise<CliCommandRow> {
  if (!holdsLock) throw notAttached();
  await requireOnline(deps, session.instanceId);
  return queueCommand(deps, session.instanceId, 'session:interrupt', { sessionId: session.id });
}

/** `session:settings`: stored on the session and sent to the CLI. */
export async function updateSettings(deps: RemoteCoreDeps, session: SessionRef, holdsLock: boolean, autoApprove: boolean) {
  if (!holdsLock) throw notAttached();
  const updated = await deps.repo.updateSessionMeta(session.id, { autoApprove }, deps.now());
  if (!updated) throw fail('NOT_FOUND', 'Session not found');
  const command = await queueCommand(deps, session.instanceId, 'session:settings', { sessionId: session.id, autoApprove });
  return { session: updated, command };
}
