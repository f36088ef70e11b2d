import type { Instance, InstanceAttachAck, Session, WorkspaceLost } from '#protocol/remote';

import { upsertInstance } from './instances';
import { type AttachState, instanceRefusal, type RemoteState } from './remoteState';
import { setSessions } from './sessions';

/**
 * Choosing an instance, before the relay answers: a different instance drops the open session, attaching from nothing
 * keeps a session restored from the cache; re-attaching the attached instance changes nothing (null), and neither does
 * asking again for a busy or lost one (it stays shown, read-only, until the relay answers).
 */
export function attachStarting(attach: AttachState, instanceId: string, connected = true): Partial<RemoteState> | null {
  if (attach.status !== 'none' && attach.status !== 'attaching' && attach.instanceId === instanceId) return null;
  const switching = 'instanceId' in attach && attach.instanceId !== instanceId;
  // Without a link the choice shows the instance's cached sessions (read-only) until the relay answers, not a spinner.
  const next: AttachState = connected ? { status: 'attaching', instanceId } : { status: 'offline', instanceId };
  return { attach: next, ...(switching && { currentSessionId: null }), problem: null };
}

/** The instance and its sessions as the relay listed them: they replace the cached list; the open session stays if listed. */
function listed(state: RemoteState, instanceId: string, instance: Instance, sessions: Session[]): Partial<RemoteState> {
  const keep = state.currentSessionId !== null && sessions.some((s) => s.id === state.currentSessionId);
  return {
    instances: upsertInstance(state.instances, instance),
    sessions: setSessions(state.sessions, instanceId, sessions),
    ...(!keep && { currentSessionId: null }),
  };
}

/**
 * The relay's answer to `instance:attach` (null: an answer this page cannot read). Attached, the instance's sessions
 * replace the cached list and the open session stays only if the instance still has it. Busy, the same when the
 * refusal lists them (a window that never held the workspace watches read-only); an older relay's does not, and what
 * was cached stays.
 */
export function attachAnswered(state: RemoteState, instanceId: string, ack: InstanceAttachAck | null): Partial<RemoteState> {
  if (!ack) return { attach: { status: 'none' }, problem: { kind: 'unknown', message: 'instance:attach' } };
  if (!ack.ok) {
    if (ack.error.code !== 'WORKSPACE_BUSY') return { attach: { status: 'none' }, problem: instanceRefusal(ack.error) };
    const { holder, instance, sessions } = ack.error;
    return {
      ...(instance?.id === instanceId && sessions && listed(state, instanceId, instance, sessions)),
      attach: { status: 'busy', instanceId, holder: holder ?? null },
    };
  }
  return { ...listed(state, instanceId, ack.instance, ack.sessions), attach: { status: 'attached', instanceId } };
}

/** `workspace:lost` for the attached instance: another window took it over, or its lease ran out. */
export function workspaceLost(attach: AttachState, lost: WorkspaceLost): AttachState | null {
  return attach.status === 'attached' && attach.instanceId === lost.instanceId
    ? { status: 'lost', instanceId: lost.instanceId, reason: lost.reason, by: lost.by ?? null }
    : null;
}
