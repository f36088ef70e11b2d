import { WEB_EVENTS } from '#protocol/remote';

import { attachAnswered, attachStarting } from '../model/attach';
import { instanceRefusal, refusal } from '../model/remoteState';
import type { WebAck } from './acks';
import { putSession, saveSelection, type StoreContext } from './context';
import { flushOthers, join, selectSession } from './sessionActions';

/**
 * The instances (paired CLIs) and the workspace lock: the list, attaching, detaching and starting sessions.
 */

/** After a (re)connect: fresh instance list, then the chosen instance again. */
export async function resync(ctx: StoreContext): Promise<void> {
  let ack: WebAck<'instances:list'> | null;
  try {
    ack = await ctx.request(WEB_EVENTS.instancesList, {});
  } catch {
    return; // The link dropped again; the next connect resyncs.
  }
  if (!ack) return ctx.set({ problem: { kind: 'unknown', message: WEB_EVENTS.instancesList } });
  if (!ack.ok) return ctx.set({ problem: refusal(ack.error) });
  ctx.set({ instances: ack.instances, instancesLoaded: true, stale: false, heardAt: Date.now(), problem: null });
  ctx.cache.saveInstances(ack.instances);
  const wanted = ctx.wantedInstanceId;
  const { status } = ctx.state().attach;
  // A lost workspace is only taken back when the user asks (Take it back); a busy one is asked for again without taking
  // it over (its holder may have closed meanwhile).
  if (wanted && status !== 'lost') await attach(ctx, wanted, false);
}

/** Takes the instance's workspace lock (or reports who holds it), then re-joins the open session. */
export async function attach(ctx: StoreContext, instanceId: string, takeOver: boolean): Promise<void> {
  ctx.wantedInstanceId = instanceId;
  saveSelection(ctx);
  const previous = ctx.state().attach;
  if (previous.status === 'attached' && previous.instanceId !== instanceId) {
    ctx.request(WEB_EVENTS.instanceDetach, { instanceId: previous.instanceId }).catch(() => undefined);
    ctx.joined.clear();
  }
  const starting = attachStarting(previous, instanceId, ctx.connected());
  if (starting) ctx.set(starting);
  if (!ctx.connected()) return ctx.cache.loadSessions(ctx, instanceId); // Attached on the next connect.
  let ack: WebAck<'instance:attach'> | null;
  try {
    ack = await ctx.request(WEB_EVENTS.instanceAttach, { instanceId, ...(takeOver && { takeOver: true }) });
  } catch {
    return;
  }
  if (ctx.wantedInstanceId !== instanceId) return;
  ctx.set(attachAnswered(ctx.state(), instanceId, ack));
  // The sessions listed with the answer (attached, or busy from a relay that lists them) are kept for the next start.
  const sessions = ack?.ok ? ack.sessions : ack?.error.sessions;
  if (sessions && ctx.state().attach.status !== 'none') {
    ctx.cache.saveInstances(ctx.state().instances);
    ctx.cache.saveSessions(instanceId, sessions);
  }
  if (ack?.ok) flushOthers(ctx);
  else if (ctx.state().attach.status !== 'busy') return;
  // Attached, the open session is driven from here; busy, it is shown read-only.
  const current = ctx.state().currentSessionId;
  if (current) await join(ctx, current);
}

export function detach(ctx: StoreContext): void {
  const current = ctx.state().attach;
  if ('instanceId' in current) ctx.request(WEB_EVENTS.instanceDetach, { instanceId: current.instanceId }).catch(() => undefined);
  ctx.wantedInstanceId = null;
  ctx.joined.clear();
  ctx.set({ attach: { status: 'none' }, currentSessionId: null });
  saveSelection(ctx);
}

/** Starts a session on the attached instance and opens it; its id, or null when that failed (see `problem`). */
export async function createSession(ctx: StoreContext): Promise<string | null> {
  const current = ctx.state().attach;
  if (current.status !== 'attached') {
    ctx.set({ problem: { kind: 'refused', code: 'NOT_ATTACHED', message: '' } });
    return null;
  }
  ctx.set({ creatingSession: true, problem: null });
  let ack: WebAck<'session:create'> | null;
  try {
    ack = await ctx.request(WEB_EVENTS.sessionCreate, { instanceId: current.instanceId, clientRequestId: ctx.uuid() });
  } catch {
    ctx.set({ creatingSession: false, problem: { kind: 'connection' } });
    return null;
  }
  if (!ack?.ok) {
    ctx.set({ creatingSession: false, problem: ack ? instanceRefusal(ack.error) : { kind: 'unknown', message: WEB_EVENTS.sessionCreate } });
    return null;
  }
  ctx.set({ creatingSession: false });
  putSession(ctx, ack.session);
  await selectSession(ctx, ack.session.id);
  return ack.session.id;
}
