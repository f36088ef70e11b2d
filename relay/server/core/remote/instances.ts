import type {
  CliHello,
  Instance,
  InstanceAttach,
  InstanceAttachRefusal,
  Session,
  WindowDevice,
  WorkspaceHolder,
  WorkspaceLost,
} from '../../../protocol';
import type { InstanceRow, WorkspaceLockRow } from '../../storage/schema';
import type { RemoteCoreDeps } from './deps';
import { fail, notFound } from './failures';
import { toInstance, toPending, toSession } from './views';

/** An instance row with the view browsers see (online, session count). */
export async function instanceView(deps: RemoteCoreDeps, instanceId: string): Promise<{ row: InstanceRow; instance: Instance } | null> {
  const row = await deps.repo.findInstance(instanceId);
  if (!row) return null;
  const counts = await deps.repo.sessionCounts([instanceId]);
  return { row, instance: toInstance(row, counts.get(instanceId) ?? 0, deps.now()) };
}

export async function listInstances(deps: RemoteCoreDeps, userId: string): Promise<Instance[]> {
  const rows = await deps.repo.listInstances(userId);
  const t = deps.now();
  return rows.map((r) => toInstance(r, r.sessionCount, t));
}

export async function requireOnline(deps: RemoteCoreDeps, instanceId: string): Promise<void> {
  const view = await instanceView(deps, instanceId);
  if (!view?.instance.online) throw fail('INSTANCE_OFFLINE', 'The tern instance is offline');
}

export async function requireOwnInstance(deps: RemoteCoreDeps, userId: string, instanceId: string): Promise<InstanceRow> {
  const own = await deps.repo.findOwnInstance(userId, instanceId);
  if (!own) throw fail('NOT_FOUND', 'Instance not found');
  return own;
}

const parseDate = (value: string, fallback: Date): Date => {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : d;
};

/**
 * `cli:hello`: records the CLI's environment, adopts the sessions it announces (never someone else's), and hands over
 * the commands kept while it was away (they stay pending until it confirms them with `commands:taken`).
 */
export async function helloInstance(deps: RemoteCoreDeps, who: { instanceId: string; userId: string; socketId: string }, hello: CliHello) {
  const t = deps.now();
  const updated = await deps.repo.updateInstanceEnv(
    who.instanceId,
    who.socketId,
    { ...hello.env, startedAt: parseDate(hello.env.startedAt, t), models: hello.models ?? null, commands: hello.commands ?? null },
    t,
  );
  if (!updated) return null;
  for (const s of hello.sessions) {
    const existing = await deps.repo.findSession(s.id);
    if (existing) continue;
    await deps.repo.ensureSession({
      id: s.id,
      instanceId: who.instanceId,
      userId: who.userId,
      title: s.title,
      createdAt: parseDate(s.createdAt, t),
    });
  }
  const sessions = await deps.repo.listSessions(who.instanceId);
  const pending = await deps.repo.pendingCommands(who.instanceId);
  const view = await instanceView(deps, who.instanceId);
  return {
    instance: view!.instance,
    sessions: sessions.map((s) => ({ id: s.id, lastSeq: s.lastSeq, autoApprove: s.autoApprove })),
    pendingInputs: pending.map(toPending),
  };
}

export type AttachOutcome =
  | { held: false; error: { ok: false; error: InstanceAttachRefusal } }
  | {
      held: true;
      instance: Instance;
      sessions: Session[];
      /** The window that held the lock before, when another one did, why it lost it, and who holds it now. */
      lost: { socketId: string; lost: WorkspaceLost } | null;
    };

/** How a window holding the lock is described to the others (WORKSPACE_BUSY's `holder`, `workspace:lost`'s `by`). */
function toHolder(row: WorkspaceLockRow): WorkspaceHolder {
  const device = { ...(row.deviceBrowser && { browser: row.deviceBrowser }), ...(row.deviceOs && { os: row.deviceOs }) };
  return { since: row.since.toISOString(), device, lastActiveAt: row.lastActiveAt.toISOString() };
}

/** `instance:attach`: takes the workspace lock for this window (or over another window's, when asked). */
export async function attachInstance(
  deps: RemoteCoreDeps,
  who: { userId: string; windowId: string; socketId: string; device: WindowDevice },
  input: InstanceAttach,
): Promise<AttachOutcome> {
  const own = await deps.repo.findOwnInstance(who.userId, input.instanceId);
  if (!own) return { held: false, error: notFound('Instance not found') };
  const { held, previous } = await deps.repo.acquireLock({
    instanceId: input.instanceId,
    userId: who.userId,
    windowId: who.windowId,
    socketId: who.socketId,
    device: who.device,
    takeOver: input.takeOver === true,
    now: deps.now(),
    leaseMs: deps.options.leaseMs,
  });
  const view = await instanceView(deps, input.instanceId);
  const sessions = (await deps.repo.listSessions(input.instanceId)).map(toSession);
  if (!held) {
    // The window may still watch, read-only: it gets the instance and its sessions as an attaching window does.
    const message = 'Another window is using this workspace';
    const busy = { code: 'WORKSPACE_BUSY' as const, message, holder: toHolder(previous!), instance: view!.instance, sessions };
    return { held: false, error: { ok: false, error: busy } };
  }
  let lost: { socketId: string; lost: WorkspaceLost } | null = null;
  if (previous && previous.socketId !== who.socketId) {
    const takenOver = previous.windowId !== who.windowId && previous.leaseExpiresAt > deps.now();
    lost = {
      socketId: previous.socketId,
      lost: takenOver
        ? { instanceId: input.instanceId, reason: 'taken_over', by: toHolder(held) }
        : { instanceId: input.instanceId, reason: 'lease_expired' },
    };
  }
  return { held: true, instance: view!.instance, sessions, lost };
}

/** A `/web` socket closed: its window no longer holds any workspace (see locksRepo `lapseSocketLocks`). */
export async function windowGone(deps: RemoteCoreDeps, socketId: string): Promise<void> {
  await deps.repo.lapseSocketLocks(socketId, deps.now());
}

export async function detachInstance(deps: RemoteCoreDeps, who: { userId: string; windowId: string }, instanceId: string): Promise<void> {
  await requireOwnInstance(deps, who.userId, instanceId);
  await deps.repo.releaseLock(instanceId, who.windowId);
}
