/**
 * The console's state and socket logic in plain TypeScript (no React): the page subscribes with
 * useSyncExternalStore, unit tests drive it with a fake socket and a memory cache.
 *
 * This file only wires the parts: link.ts runs the connection, storeCache.ts the persistence, acks.ts checks the
 * relay's answers, instanceActions.ts / sessionActions.ts / pushes.ts are the actions on a StoreContext
 * (context.ts), and the state changes themselves are pure functions in ../model.
 */
import { type ConnectionEvent, connectionReducer } from '../model/connection';
import { requeueInFlight } from '../model/inputQueue';
import { initialRemoteState, type RemoteState } from '../model/remoteState';
import type { PermissionDecision, PermissionScope } from '../model/timeline';
import { readAck } from './acks';
import type { StoreContext } from './context';
import { createInbox } from './inbox';
import { attach, createSession, detach, resync } from './instanceActions';
import { createLink } from './link';
import type { Outbox } from './outbox';
import { listenToPushes } from './pushes';
import {
  discardInput,
  type Incoming,
  interrupt,
  join,
  loadOlder,
  receive,
  respond,
  selectSession,
  send,
  setAutoApprove,
} from './sessionActions';
import { chooseModel, deleteSession, renameSession, searchContent } from './sessionAdmin';
import type { SocketPort } from './socketPort';
import { createStoreCache, type RemoteCache } from './storeCache';

export type { AttachState, RefusedHandshakeCode, RemoteProblem, RemoteState } from '../model/remoteState';
export { handshakeFailure } from './link';
export type { SocketPort } from './socketPort';
export type { RemoteCache } from './storeCache';

export const REQUEST_TIMEOUT_MS = 10_000;

export interface RemoteStoreOptions {
  createSocket: () => SocketPort;
  cache: RemoteCache;
  /** The durable outbox of typed input (IndexedDB in the app, outbox.ts), this user's. */
  outbox: Outbox;
  /** Cache key prefix (per user) so two accounts on one browser never see each other's data. */
  cacheScope: string;
  uuid: () => string;
  isOnline?: () => boolean;
  onUnauthorized: () => void;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  random?: () => number;
  /** Runs a burst of pushed session events `ms` later (inbox.ts; default: a timer). */
  batch?: (fn: () => void, ms: number) => void;
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;

export function createRemoteStore(options: RemoteStoreOptions) {
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);

  let state: RemoteState = initialRemoteState;
  const listeners = new Set<() => void>();
  function set(patch: Partial<RemoteState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }
  function dispatch(event: ConnectionEvent): void {
    const next = connectionReducer(state.connection, event);
    if (next !== state.connection) set({ connection: next });
  }

  const inbox = createInbox<Incoming>((batch) => receive(ctx, batch), options.batch);
  const ctx: StoreContext = {
    // An action sees every event already received.
    state: () => {
      inbox.drain();
      return state;
    },
    set,
    uuid: options.uuid,
    connected: () => link.socket()?.connected === true,
    async request(event, payload) {
      const socket = link.socket();
      if (!socket?.connected) throw new Error('not connected');
      return readAck(event, await socket.request(event, payload, REQUEST_TIMEOUT_MS));
    },
    notifyInput(payload) {
      const socket = link.socket();
      if (!socket?.connected) return false;
      socket.notifyInput(payload);
      return true;
    },
    schedule,
    cancel,
    cache: createStoreCache({
      cache: options.cache,
      outbox: options.outbox,
      scope: options.cacheScope,
      schedule,
      log: (sessionId) => state.logs[sessionId],
    }),
    inbox,
    replayTo: new Map(),
    joined: new Set(),
    inputNotices: new Set(),
    unanswered: new Map(),
    joining: new Set(),
    flushing: new Set(),
    wantedInstanceId: null,
  };

  const link = createLink({
    createSocket: options.createSocket,
    schedule,
    cancel,
    random: options.random,
    isOnline,
    connection: () => state.connection,
    dispatch,
    listen: (socket) => listenToPushes(ctx, socket, join),
    // Back online: first what other tabs (or a killed one) left in the outbox, then the relay's state and the sends.
    up: () => void ctx.cache.mergeOutbox(ctx).then(() => resync(ctx)),
    down() {
      ctx.joined.clear();
      ctx.inputNotices.clear();
      ctx.joining.clear();
      ctx.flushing.clear();
      for (const timer of ctx.unanswered.values()) cancel(timer);
      ctx.unanswered.clear();
      // Until the relay answers again, what it said last is "last seen" as of now (not "online").
      const wasUp = !state.stale;
      set({ queue: requeueInFlight(state.queue), stale: true, creatingSession: false, ...(wasUp && { heardAt: Date.now() }) });
      if (wasUp) ctx.cache.saveHeardAt();
    },
    refused: (code) => set({ problem: { kind: 'handshake', code }, stale: true, creatingSession: false }),
    unauthorized: options.onUnauthorized,
  });

  async function restore(): Promise<void> {
    await ctx.cache.restore(ctx);
    if (state.connection.status === 'connected') void resync(ctx);
  }

  return {
    getState: (): RemoteState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads the cache, then connects. */
    start(): void {
      if (link.socket()) return;
      void restore();
      link.start();
    },
    stop: link.stop,
    /**
     * The page came back to the foreground or the network returned: retry at once instead of waiting. A window that found
     * its workspace busy asks again (never taking it over): the other window may have closed meanwhile.
     */
    wake(): void {
      link.wake();
      const current = state.attach;
      if (current.status === 'busy' && ctx.connected()) void attach(ctx, current.instanceId, false);
    },
    /** The browser says the network is gone: drop the link now rather than wait for a ping timeout. */
    networkLost: link.networkLost,
    attach: (instanceId: string) => attach(ctx, instanceId, false),
    takeOver: (instanceId: string) => attach(ctx, instanceId, true),
    detach: () => detach(ctx),
    selectSession: (sessionId: string | null) => selectSession(ctx, sessionId),
    /** The open session's events before the first its log holds (the reader scrolled up to them). */
    loadOlder: () => (state.currentSessionId ? loadOlder(ctx, state.currentSessionId) : Promise.resolve()),
    createSession: () => createSession(ctx),
    /** Queues the text (with its clientMsgId) and sends it now if the link is up; the clientMsgId, or null. */
    send: (text: string) => send(ctx, text),
    discardInput: (clientMsgId: string) => discardInput(ctx, clientMsgId),
    respond: (requestId: string, decision: PermissionDecision, scope: PermissionScope) => respond(ctx, requestId, decision, scope),
    interrupt: () => interrupt(ctx),
    setAutoApprove: (autoApprove: boolean) => setAutoApprove(ctx, autoApprove),
    dismissProblem: () => set({ problem: null }),
    renameSession: (sessionId: string, title: string) => renameSession(ctx, sessionId, title),
    deleteSession: (instanceId: string, sessionId: string) => deleteSession(ctx, instanceId, sessionId),
    chooseModel: (sessionId: string, model: string) => chooseModel(ctx, sessionId, model),
    /** Ids of the instance's sessions whose messages contain the query (the relay searches); null when it cannot. */
    searchContent: (instanceId: string, query: string) => searchContent(ctx, instanceId, query),
  };
}
