import { type SessionDeleted, sessionDeletedSchema, WEB_EVENTS } from '#protocol/remote';

import { refusal } from '../model/remoteState';
import { removeSession } from '../model/sessions';
import { putSession, saveSelection, setQueue, type StoreContext } from './context';

/**
 * Session management from the console (issue #13, item 8): rename, delete, model, search. Each request needs the
 * relay (the CLI is told through it); a refusal shows as the problem, translated by its code.
 */

async function ask<T>(ctx: StoreContext, run: () => Promise<T | null>): Promise<T | null> {
  try {
    return await run();
  } catch {
    ctx.set({ problem: { kind: 'connection' } });
    return null;
  }
}

export async function renameSession(ctx: StoreContext, sessionId: string, title: string): Promise<boolean> {
  const ack = await ask(ctx, () => ctx.request(WEB_EVENTS.sessionRename, { sessionId, title }));
  if (ack?.ok === false) ctx.set({ problem: refusal(ack.error) });
  if (!ack?.ok) return false;
  putSession(ctx, ack.session);
  return true;
}

export async function chooseModel(ctx: StoreContext, sessionId: string, model: string): Promise<boolean> {
  const ack = await ask(ctx, () => ctx.request(WEB_EVENTS.sessionModel, { sessionId, model }));
  if (ack?.ok === false) ctx.set({ problem: refusal(ack.error) });
  if (!ack?.ok) return false;
  putSession(ctx, ack.session);
  return true;
}

/** Deletes; NOT_FOUND means it is already gone (deleted in another window), which is what was wanted. */
export async function deleteSession(ctx: StoreContext, instanceId: string, sessionId: string): Promise<boolean> {
  const ack = await ask(ctx, () => ctx.request(WEB_EVENTS.sessionDelete, { sessionId }));
  if (ack?.ok === false && ack.error.code !== 'NOT_FOUND') {
    ctx.set({ problem: refusal(ack.error) });
    return false;
  }
  if (!ack) return false;
  sessionGone(ctx, { instanceId, sessionId });
  return true;
}

/** The ids of the instance's sessions whose content matches (null: no answer, e.g. offline or refused). */
export async function searchContent(ctx: StoreContext, instanceId: string, query: string): Promise<string[] | null> {
  if (!query.trim() || !ctx.connected()) return null;
  try {
    const ack = await ctx.request(WEB_EVENTS.sessionsSearch, { instanceId, query });
    return ack?.ok ? ack.sessionIds : null;
  } catch {
    return null;
  }
}

/** A session was deleted (here or in another window): out of the list, its log and queued input dropped, closed if open. */
export function sessionGone(ctx: StoreContext, { instanceId, sessionId }: SessionDeleted): void {
  const state = ctx.state();
  const sessions = removeSession(state.sessions, instanceId, sessionId);
  const { [sessionId]: _dropped, ...logs } = state.logs;
  const { [sessionId]: _droppedLive, ...live } = state.live;
  const wasOpen = state.currentSessionId === sessionId;
  ctx.set({ sessions, logs, live, ...(wasOpen && { currentSessionId: null }) });
  // Input still waiting for it would only be refused: it goes (from the durable outbox too).
  if (state.queue.some((q) => q.sessionId === sessionId))
    setQueue(
      ctx,
      state.queue.filter((q) => q.sessionId !== sessionId),
    );
  ctx.joined.delete(sessionId);
  ctx.cache.saveSessions(instanceId, sessions[instanceId] ?? []);
  if (wasOpen) saveSelection(ctx);
}

/** The `session:deleted` push, checked against its schema. */
export function onSessionDeleted(ctx: StoreContext, payload: unknown): void {
  const parsed = sessionDeletedSchema.safeParse(payload);
  if (parsed.success) sessionGone(ctx, parsed.data);
}
