/**
 * The console's state and socket logic in plain TypeScript (no React): the page subscribes with
 * useSyncExternalStore, unit tests drive it with a fake socket and a memory cache.
 */
import {
  handshakeErrorDataSchema,
  type HandshakeErrorCode,
  type Instance,
  instanceAttachAckSchema,
  instancesListAckSchema,
  instanceUpdatedSchema,
  type RemoteErrorCode,
  type Session,
  sessionAckSchema,
  type SessionEvent,
  sessionEventSchema,
  sessionUpdatedSchema,
  WEB_EVENTS,
  WEB_PUSH,
  workspaceLostSchema,
  type WorkspaceLost,
} from '../../../../relay/protocol/remote';
import { applyEvent, emptyLog, type EventLog, mergeEvents } from '../model/eventLog';
import { backoffMs, type ConnectionEvent, connectionReducer, type ConnectionState, initialConnection } from '../model/connection';
import { discard, enqueue, type InputQueue, markFailed, markSending, nextToSend, requeueInFlight, settle } from '../model/inputQueue';

/** What the store needs from a Socket.IO client (the real one is adapted in socketPort.ts). */
export interface SocketPort {
  readonly connected: boolean;
  connect(): void;
  /** Closes the transport; `disconnect` then fires with reason 'io client disconnect'. */
  disconnect(): void;
  on(event: string, listener: (...args: never[]) => void): void;
  /** Emits with an ack; rejects on timeout. */
  request(event: string, payload: unknown, timeoutMs: number): Promise<unknown>;
}

/** Where the last known instances, sessions, events and queued input live between visits (IndexedDB in the app). */
export interface RemoteCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export type AttachState =
  | { status: 'none' }
  | { status: 'attaching'; instanceId: string }
  | { status: 'attached'; instanceId: string }
  | { status: 'busy'; instanceId: string; since: string | null }
  | { status: 'lost'; instanceId: string; reason: WorkspaceLost['reason'] };

/** Handshake refusals a retry cannot fix (UNAUTHORIZED signs out; INTERNAL is retried). */
export type RefusedHandshakeCode = Exclude<HandshakeErrorCode, 'UNAUTHORIZED' | 'INTERNAL'>;

/** Spec §8 remote errors plus the protocol's own codes, as shown to the user. */
export type RemoteProblem =
  | { kind: 'connection' }
  /** The relay refused the handshake for a reason a retry cannot fix (origin, protocol version, malformed auth). */
  | { kind: 'handshake'; code: RefusedHandshakeCode }
  | { kind: 'cliNotStarted' }
  | { kind: 'unknown'; message: string }
  | { kind: 'refused'; code: RemoteErrorCode; message: string };

export interface RemoteState {
  connection: ConnectionState;
  /** False until the instance list has been read from the relay or the cache. */
  instancesLoaded: boolean;
  /** The lists show cached data (no fresh answer from the relay since the page opened or the link dropped). */
  stale: boolean;
  instances: readonly Instance[];
  attach: AttachState;
  sessions: Readonly<Record<string, readonly Session[]>>;
  currentSessionId: string | null;
  logs: Readonly<Record<string, EventLog>>;
  queue: InputQueue;
  problem: RemoteProblem | null;
  creatingSession: boolean;
}

export const REQUEST_TIMEOUT_MS = 10_000;
const MAX_CACHED_EVENTS = 5_000;

export interface RemoteStoreOptions {
  createSocket: () => SocketPort;
  cache: RemoteCache;
  /** Cache key prefix (per user) so two accounts on one browser never see each other's data. */
  cacheScope: string;
  uuid: () => string;
  isOnline?: () => boolean;
  onUnauthorized: () => void;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  random?: () => number;
}

function errorOf(ack: unknown): { code: RemoteErrorCode; message: string; holder?: { since: string } } | null {
  if (ack && typeof ack === 'object' && (ack as { ok?: unknown }).ok === false) {
    const error = (ack as { error?: { code?: RemoteErrorCode; message?: string; holder?: { since: string } } }).error;
    return { code: error?.code ?? 'INTERNAL', message: error?.message ?? '', ...(error?.holder && { holder: error.holder }) };
  }
  return null;
}

/** How a refused Socket.IO handshake is handled, by the relay's `err.data.code` (docs/protocol.md). */
export function handshakeFailure(error: unknown): 'unauthorized' | 'refused' | 'transient' {
  const parsed = handshakeErrorDataSchema.safeParse((error as { data?: unknown } | null)?.data);
  if (!parsed.success) return 'transient';
  const code: HandshakeErrorCode = parsed.data.code;
  if (code === 'UNAUTHORIZED') return 'unauthorized';
  // INTERNAL (a relay fault) and anything unknown are worth retrying; these three never fix themselves.
  if (code === 'ORIGIN_NOT_ALLOWED' || code === 'BAD_HANDSHAKE' || code === 'PROTOCOL_VERSION') return 'refused';
  return 'transient';
}

export type RemoteStore = ReturnType<typeof createRemoteStore>;

export function createRemoteStore(options: RemoteStoreOptions) {
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const key = (suffix: string) => `tern.remote.${options.cacheScope}.${suffix}`;

  let state: RemoteState = {
    connection: initialConnection,
    instancesLoaded: false,
    stale: true,
    instances: [],
    attach: { status: 'none' },
    sessions: {},
    currentSessionId: null,
    logs: {},
    queue: [],
    problem: null,
    creatingSession: false,
  };
  const listeners = new Set<() => void>();
  let socket: SocketPort | null = null;
  let retryTimer: unknown = null;
  let saveTimer: unknown = null;
  /** Sessions joined on the current connection. */
  const joined = new Set<string>();
  const joining = new Set<string>();
  const flushing = new Set<string>();
  const dirtyLogs = new Set<string>();
  /** The instance the user chose (kept across reconnects, even while the attach is refused). */
  let wantedInstanceId: string | null = null;
  let stopped = false;

  function set(patch: Partial<RemoteState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }
  function dispatch(event: ConnectionEvent): void {
    const next = connectionReducer(state.connection, event);
    if (next !== state.connection) set({ connection: next });
  }

  // ---- cache ---------------------------------------------------------------------------------------------------

  function persist(suffix: string, value: unknown): void {
    options.cache.set(key(suffix), value).catch(() => {
      // The cache is a convenience: a full or blocked IndexedDB only means nothing shows offline.
    });
  }
  function persistQueue(): void {
    persist('queue', state.queue);
  }
  function persistSelection(): void {
    persist('selection', { instanceId: wantedInstanceId, sessionId: state.currentSessionId });
  }
  function scheduleLogSave(sessionId: string): void {
    dirtyLogs.add(sessionId);
    if (saveTimer !== null) return;
    saveTimer = schedule(() => {
      saveTimer = null;
      for (const id of dirtyLogs) {
        const log = state.logs[id];
        if (log) persist(`events.${id}`, log.events.slice(-MAX_CACHED_EVENTS));
      }
      dirtyLogs.clear();
    }, 300);
  }

  async function restore(): Promise<void> {
    const [instances, selection, queue] = await Promise.all([
      options.cache.get<Instance[]>(key('instances')),
      options.cache.get<{ instanceId: string | null; sessionId: string | null }>(key('selection')),
      options.cache.get<InputQueue>(key('queue')),
    ]).catch(() => [undefined, undefined, undefined] as const);
    const patch: Partial<RemoteState> = {};
    if (instances && !state.instancesLoaded) Object.assign(patch, { instances, instancesLoaded: true });
    if (queue?.length) patch.queue = [...queue.map((q) => (q.status === 'sending' ? { ...q, status: 'queued' as const } : q)), ...state.queue.filter((q) => !queue.some((c) => c.clientMsgId === q.clientMsgId))];
    if (selection?.instanceId && wantedInstanceId === null) {
      wantedInstanceId = selection.instanceId;
      const sessions = await options.cache.get<Session[]>(key(`sessions.${selection.instanceId}`)).catch(() => undefined);
      if (sessions && !state.sessions[selection.instanceId]) patch.sessions = { ...state.sessions, [selection.instanceId]: sessions };
      if (selection.sessionId && state.currentSessionId === null) {
        patch.currentSessionId = selection.sessionId;
        await loadCachedLog(selection.sessionId);
      }
    }
    set(patch);
    if (state.connection.status === 'connected') void resync();
  }

  async function loadCachedLog(sessionId: string): Promise<void> {
    const cached = await options.cache.get<SessionEvent[]>(key(`events.${sessionId}`)).catch(() => undefined);
    if (!cached?.length) return;
    const first = cached[0]!.seq;
    const current = state.logs[sessionId];
    const start: EventLog = current ?? { ...emptyLog(sessionId), base: first - 1, lastSeq: first - 1 };
    const { log } = mergeEvents(start, cached);
    set({ logs: { ...state.logs, [sessionId]: log } });
  }

  // ---- socket --------------------------------------------------------------------------------------------------

  function request(event: string, payload: unknown): Promise<unknown> {
    if (!socket?.connected) return Promise.reject(new Error('not connected'));
    return socket.request(event, payload, REQUEST_TIMEOUT_MS);
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer !== null) return;
    const attempt = state.connection.status === 'reconnecting' ? state.connection.attempt + 1 : 1;
    retryTimer = schedule(() => {
      retryTimer = null;
      reconnectNow();
    }, backoffMs(attempt, options.random));
  }

  function reconnectNow(): void {
    if (stopped || !socket || socket.connected) return;
    if (retryTimer !== null) {
      cancel(retryTimer);
      retryTimer = null;
    }
    dispatch({ type: 'retry' });
    socket.connect();
  }

  function linkLost(): void {
    joined.clear();
    joining.clear();
    flushing.clear();
    dispatch({ type: 'lost', offline: !isOnline() });
    set({ queue: requeueInFlight(state.queue), stale: true, creatingSession: false });
    scheduleRetry();
  }

  function unauthorized(revoked: boolean): void {
    stopped = true;
    if (retryTimer !== null) cancel(retryTimer);
    retryTimer = null;
    dispatch({ type: revoked ? 'revoked' : 'unauthorized' });
    socket?.disconnect();
    options.onUnauthorized();
  }

  /** The user stays signed in; retrying cannot help, so the console stops and offers a reload. */
  function refused(code: RefusedHandshakeCode): void {
    stopped = true;
    if (retryTimer !== null) cancel(retryTimer);
    retryTimer = null;
    dispatch({ type: 'refused' });
    set({ problem: { kind: 'handshake', code }, stale: true, creatingSession: false });
    socket?.disconnect();
  }

  function wire(s: SocketPort): void {
    s.on('connect', () => {
      dispatch({ type: 'connected' });
      void resync();
    });
    s.on('connect_error', ((error: unknown) => {
      const failure = handshakeFailure(error);
      if (failure === 'unauthorized') unauthorized(false);
      else if (failure === 'refused') refused((error as { data: { code: RefusedHandshakeCode } }).data.code);
      else linkLost();
    }) as never);
    s.on('disconnect', ((reason: string) => {
      if (stopped) return;
      linkLost();
      void reason;
    }) as never);
    s.on(WEB_PUSH.authRevoked, (() => unauthorized(true)) as never);
    s.on(WEB_PUSH.instanceUpdated, ((payload: unknown) => {
      const parsed = instanceUpdatedSchema.safeParse(payload);
      if (parsed.success) upsertInstance(parsed.data.instance);
    }) as never);
    s.on(WEB_PUSH.sessionUpdated, ((payload: unknown) => {
      const parsed = sessionUpdatedSchema.safeParse(payload);
      if (parsed.success) upsertSession(parsed.data.session);
    }) as never);
    s.on(WEB_PUSH.sessionEvent, ((payload: unknown) => {
      const parsed = sessionEventSchema.safeParse(payload);
      if (parsed.success) receive(parsed.data);
      else console.warn('remote: dropped a malformed session event', parsed.error.issues.slice(0, 3));
    }) as never);
    s.on(WEB_PUSH.workspaceLost, ((payload: unknown) => {
      const parsed = workspaceLostSchema.safeParse(payload);
      if (parsed.success && state.attach.status === 'attached' && state.attach.instanceId === parsed.data.instanceId) {
        joined.clear();
        set({ attach: { status: 'lost', instanceId: parsed.data.instanceId, reason: parsed.data.reason } });
      }
    }) as never);
  }

  async function resync(): Promise<void> {
    try {
      const ack = instancesListAckSchema.safeParse(await request(WEB_EVENTS.instancesList, {}));
      if (!ack.success) return set({ problem: { kind: 'unknown', message: 'instances:list' } });
      if (!ack.data.ok) return set({ problem: { kind: 'refused', code: ack.data.error.code, message: ack.data.error.message } });
      set({ instances: ack.data.instances, instancesLoaded: true, stale: false, problem: null });
      persist('instances', ack.data.instances);
    } catch {
      return; // The link dropped again; the next connect resyncs.
    }
    const wanted = wantedInstanceId;
    // A lost or busy workspace is only taken back when the user asks (Take over).
    if (wanted && (state.attach.status === 'none' || state.attach.status === 'attached' || state.attach.status === 'attaching')) {
      await attach(wanted, false);
    }
  }

  function upsertInstance(instance: Instance): void {
    const found = state.instances.some((i) => i.id === instance.id);
    const instances = found ? state.instances.map((i) => (i.id === instance.id ? instance : i)) : [...state.instances, instance];
    set({ instances });
    persist('instances', instances);
  }

  function upsertSession(session: Session): void {
    const list = state.sessions[session.instanceId] ?? [];
    const next = list.some((s) => s.id === session.id) ? list.map((s) => (s.id === session.id ? session : s)) : [session, ...list];
    set({ sessions: { ...state.sessions, [session.instanceId]: next } });
    persist(`sessions.${session.instanceId}`, next);
  }

  function receive(event: SessionEvent): void {
    const log = state.logs[event.sessionId] ?? emptyLog(event.sessionId);
    const { log: next, result } = applyEvent(log, event);
    if (result === 'duplicate') return;
    const patch: Partial<RemoteState> = { logs: { ...state.logs, [event.sessionId]: next } };
    if (result === 'applied') {
      const sent = next.events.slice(log.events.length).flatMap((e) => (e.body.type === 'user_message' ? [e.body.clientMsgId] : []));
      if (sent.length) patch.queue = settle(state.queue, sent);
    }
    set(patch);
    if (patch.queue) persistQueue();
    scheduleLogSave(event.sessionId);
    // A hole: ask the relay again from the last contiguous seq; the live events already held are kept aside.
    if (result === 'gap') void join(event.sessionId);
  }

  // ---- actions -------------------------------------------------------------------------------------------------

  async function attach(instanceId: string, takeOver: boolean): Promise<void> {
    wantedInstanceId = instanceId;
    persistSelection();
    const previous = state.attach;
    if (previous.status === 'attached' && previous.instanceId !== instanceId) {
      request(WEB_EVENTS.instanceDetach, { instanceId: previous.instanceId }).catch(() => undefined);
      joined.clear();
    }
    // A different instance drops the open session; attaching from nothing keeps a session restored from the cache.
    const switching = 'instanceId' in previous && previous.instanceId !== instanceId;
    const reattach = previous.status === 'attached' && previous.instanceId === instanceId;
    if (!reattach) set({ attach: { status: 'attaching', instanceId }, ...(switching && { currentSessionId: null }), problem: null });
    if (!socket?.connected) return; // Attached on the next connect.
    let raw: unknown;
    try {
      raw = await request(WEB_EVENTS.instanceAttach, { instanceId, ...(takeOver && { takeOver: true }) });
    } catch {
      return;
    }
    if (wantedInstanceId !== instanceId) return;
    const error = errorOf(raw);
    if (error) {
      if (error.code === 'WORKSPACE_BUSY') return set({ attach: { status: 'busy', instanceId, since: error.holder?.since ?? null } });
      set({ attach: { status: 'none' } });
      if (error.code === 'INSTANCE_OFFLINE') return set({ problem: { kind: 'cliNotStarted' } });
      return set({ problem: { kind: 'refused', code: error.code, message: error.message } });
    }
    const ack = instanceAttachAckSchema.safeParse(raw);
    if (!ack.success || !ack.data.ok) return set({ attach: { status: 'none' }, problem: { kind: 'unknown', message: 'instance:attach' } });
    upsertInstance(ack.data.instance);
    const keep = state.currentSessionId !== null && ack.data.sessions.some((s) => s.id === state.currentSessionId);
    set({ attach: { status: 'attached', instanceId }, sessions: { ...state.sessions, [instanceId]: ack.data.sessions }, ...(!keep && { currentSessionId: null }) });
    persist(`sessions.${instanceId}`, ack.data.sessions);
    if (state.currentSessionId) await join(state.currentSessionId);
  }

  async function join(sessionId: string): Promise<void> {
    if (joining.has(sessionId) || !socket?.connected || state.attach.status !== 'attached') return;
    joining.add(sessionId);
    const afterSeq = state.logs[sessionId]?.lastSeq ?? 0;
    let raw: unknown;
    try {
      raw = await request(WEB_EVENTS.sessionJoin, { sessionId, afterSeq });
    } catch {
      joining.delete(sessionId);
      return;
    } finally {
      joining.delete(sessionId);
    }
    const error = errorOf(raw);
    if (error) return set({ problem: { kind: 'refused', code: error.code, message: error.message } });
    const ack = sessionAckSchema.safeParse(raw);
    if (ack.success && ack.data.ok) upsertSession(ack.data.session);
    joined.add(sessionId);
    void flush(sessionId);
  }

  async function flush(sessionId: string): Promise<void> {
    if (flushing.has(sessionId)) return;
    flushing.add(sessionId);
    try {
      for (let next = nextToSend(state.queue, sessionId); next && socket?.connected && joined.has(sessionId); next = nextToSend(state.queue, sessionId)) {
        set({ queue: markSending(state.queue, next.clientMsgId) });
        let raw: unknown;
        try {
          raw = await request(WEB_EVENTS.sessionInput, { sessionId, clientMsgId: next.clientMsgId, text: next.text });
        } catch {
          set({ queue: requeueInFlight(state.queue) });
          return;
        }
        const error = errorOf(raw);
        set({ queue: error ? markFailed(state.queue, next.clientMsgId, error.message || error.code) : settle(state.queue, [next.clientMsgId]) });
        persistQueue();
      }
    } finally {
      flushing.delete(sessionId);
    }
  }

  async function simple(event: string, payload: unknown): Promise<boolean> {
    try {
      const error = errorOf(await request(event, payload));
      if (error) set({ problem: { kind: 'refused', code: error.code, message: error.message } });
      return !error;
    } catch {
      set({ problem: { kind: 'connection' } });
      return false;
    }
  }

  return {
    getState: (): RemoteState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Reads the cache, then connects. */
    start(): void {
      if (socket) return;
      stopped = false;
      void restore();
      socket = options.createSocket();
      wire(socket);
      dispatch({ type: 'start' });
      socket.connect();
    },
    stop(): void {
      stopped = true;
      if (retryTimer !== null) cancel(retryTimer);
      retryTimer = null;
      dispatch({ type: 'stop' });
      socket?.disconnect();
      socket = null;
    },
    /** The page came back to the foreground or the network returned: retry at once instead of waiting. */
    wake(): void {
      if (state.connection.status === 'reconnecting') reconnectNow();
    },
    /** The browser says the network is gone: drop the link now rather than wait for a ping timeout. */
    networkLost(): void {
      if (!socket || stopped) return;
      if (socket.connected) socket.disconnect();
      linkLost();
    },
    attach: (instanceId: string) => attach(instanceId, false),
    takeOver: (instanceId: string) => attach(instanceId, true),
    detach(): void {
      const current = state.attach;
      if ('instanceId' in current) request(WEB_EVENTS.instanceDetach, { instanceId: current.instanceId }).catch(() => undefined);
      wantedInstanceId = null;
      joined.clear();
      set({ attach: { status: 'none' }, currentSessionId: null });
      persistSelection();
    },
    async selectSession(sessionId: string | null): Promise<void> {
      const previous = state.currentSessionId;
      if (previous && previous !== sessionId) {
        request(WEB_EVENTS.sessionLeave, { sessionId: previous }).catch(() => undefined);
        joined.delete(previous);
      }
      set({ currentSessionId: sessionId });
      persistSelection();
      if (!sessionId) return;
      if (!state.logs[sessionId]) await loadCachedLog(sessionId);
      await join(sessionId);
    },
    async createSession(): Promise<string | null> {
      const current = state.attach;
      if (current.status !== 'attached') {
        set({ problem: { kind: 'refused', code: 'NOT_ATTACHED', message: '' } });
        return null;
      }
      set({ creatingSession: true, problem: null });
      let raw: unknown;
      try {
        raw = await request(WEB_EVENTS.sessionCreate, { instanceId: current.instanceId, clientRequestId: options.uuid() });
      } catch {
        set({ creatingSession: false, problem: { kind: 'connection' } });
        return null;
      }
      set({ creatingSession: false });
      const error = errorOf(raw);
      if (error) {
        set({ problem: error.code === 'INSTANCE_OFFLINE' ? { kind: 'cliNotStarted' } : { kind: 'refused', code: error.code, message: error.message } });
        return null;
      }
      const ack = sessionAckSchema.safeParse(raw);
      if (!ack.success || !ack.data.ok) {
        set({ problem: { kind: 'unknown', message: 'session:create' } });
        return null;
      }
      upsertSession(ack.data.session);
      await this.selectSession(ack.data.session.id);
      return ack.data.session.id;
    },
    /** Queues the text (with its clientMsgId) and sends it now if the link is up. */
    send(text: string): string | null {
      const sessionId = state.currentSessionId;
      if (!sessionId || !text.trim()) return null;
      const clientMsgId = options.uuid();
      set({ queue: enqueue(state.queue, { clientMsgId, sessionId, text }) });
      persistQueue();
      void flush(sessionId);
      return clientMsgId;
    },
    discardInput(clientMsgId: string): void {
      set({ queue: discard(state.queue, clientMsgId) });
      persistQueue();
    },
    respond: (requestId: string, decision: 'allow' | 'deny', scope: 'once' | 'session') =>
      state.currentSessionId ? simple(WEB_EVENTS.sessionPermission, { sessionId: state.currentSessionId, requestId, decision, scope }) : Promise.resolve(false),
    interrupt: () => (state.currentSessionId ? simple(WEB_EVENTS.sessionInterrupt, { sessionId: state.currentSessionId }) : Promise.resolve(false)),
    async setAutoApprove(autoApprove: boolean): Promise<boolean> {
      const sessionId = state.currentSessionId;
      if (!sessionId) return false;
      const session = Object.values(state.sessions).flat().find((s) => s.id === sessionId);
      const ok = await simple(WEB_EVENTS.sessionSettings, { sessionId, autoApprove });
      if (ok && session) upsertSession({ ...session, autoApprove });
      return ok;
    },
    dismissProblem(): void {
      set({ problem: null });
    },
  };
}
