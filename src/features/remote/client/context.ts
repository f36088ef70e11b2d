import type { AckError, Session } from '#protocol/remote';
import type { WebEventName } from '#protocol/remoteEvents';

import type { InputQueue } from '../model/inputQueue';
import { refusal } from '../model/remoteState';
import { upsertSession } from '../model/sessions';
import type { WebAck, WebPayload } from './acks';
import type { Inbox } from './inbox';
import type { Incoming } from './sessionActions';
import type { RestoreTarget, StoreCache } from './storeCache';

/** What the store's actions (instanceActions.ts, sessionActions.ts, pushes.ts) work on; remoteStore.ts makes one. */
export interface StoreContext extends RestoreTarget {
  uuid(): string;
  /** The socket is up. */
  connected(): boolean;
  /** Sends on the live socket and checks the answer (null: unreadable); rejects while the link is down or on timeout. */
  request<E extends WebEventName>(event: E, payload: WebPayload<E>): Promise<WebAck<E> | null>;
  /** Sends an input without an ack (a session joined with input notices); false while the link is down. */
  notifyInput(payload: WebPayload<'session:input'>): boolean;
  /** Runs `fn` in `ms` (a timer; tests pass their own); `cancel` stops it. */
  schedule(fn: () => void, ms: number): unknown;
  cancel(handle: unknown): void;
  cache: StoreCache;
  /** Pushed session events waiting to be applied together (inbox.ts); `state()` applies them first. */
  inbox: Inbox<Incoming>;
  /** Per session whose join is replaying: the relay's last seq at the join. The event that reaches it is applied at once. */
  replayTo: Map<string, number>;
  /** Sessions joined on the current connection, and those being joined or flushed right now. */
  joined: Set<string>;
  /** Joined sessions whose join ack said `inputNotices`: their input goes without an ack (sessionActions.ts flush). */
  inputNotices: Set<string>;
  /** Inputs sent without an ack and not answered yet, by clientMsgId: the timer that sends each again. */
  unanswered: Map<string, unknown>;
  joining: Set<string>;
  flushing: Set<string>;
  /** The instance the user chose (kept across reconnects, even while the attach is refused). */
  wantedInstanceId: string | null;
}

/** Sets the outbox; what it gained or lost is written to the durable outbox at once (outbox.ts). */
export function setQueue(ctx: StoreContext, queue: InputQueue): void {
  const before = ctx.state().queue;
  ctx.set({ queue });
  ctx.cache.saveQueue(before, queue);
}

export function putSession(ctx: StoreContext, session: Session): void {
  const sessions = upsertSession(ctx.state().sessions, session);
  ctx.set({ sessions });
  ctx.cache.saveSessions(session.instanceId, sessions[session.instanceId] ?? []);
}

export function saveSelection(ctx: StoreContext): void {
  ctx.cache.saveSelection({ instanceId: ctx.wantedInstanceId, sessionId: ctx.state().currentSessionId });
}

/** For requests whose answer matters only when refused: the refusal shows as the problem. False when refused or lost. */
export async function settled(ctx: StoreContext, answer: Promise<{ ok: true } | AckError | null>): Promise<boolean> {
  try {
    const ack = await answer;
    if (ack?.ok === false) ctx.set({ problem: refusal(ack.error) });
    return ack?.ok !== false;
  } catch {
    ctx.set({ problem: { kind: 'connection' } });
    return false;
  }
}
