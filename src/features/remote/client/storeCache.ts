import type { Instance, Session, SessionEvent } from '#protocol/remote';

import { type EventLog, withCachedEvents } from '../model/eventLog';
import { type InputQueue, restoreQueue } from '../model/inputQueue';
import type { RemoteState } from '../model/remoteState';

/** Where the last known instances, sessions, events and queued input live between visits (IndexedDB in the app). */
export interface RemoteCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

/** The instance and session the user had open. */
export interface Selection {
  instanceId: string | null;
  sessionId: string | null;
}

/** Only a session's newest events are kept between visits; the relay replays anything older on join. */
export const MAX_CACHED_EVENTS = 5_000;
const LOG_SAVE_DELAY_MS = 300;

/** What restoring reads and writes on the store (its StoreContext). */
export interface RestoreTarget {
  state(): RemoteState;
  set(patch: Partial<RemoteState>): void;
  /** The instance the user chose in this visit, if any: the cached choice only fills it when empty. */
  wantedInstanceId: string | null;
}

/**
 * The console's cache under keys per user scope (`tern.remote.<scope>.…`), so two accounts on one browser never see
 * each other's data. Writes never fail the caller: a full or blocked IndexedDB only means nothing shows offline.
 */
export function createStoreCache(options: {
  cache: RemoteCache;
  scope: string;
  schedule: (fn: () => void, ms: number) => unknown;
  log: (sessionId: string) => EventLog | undefined;
}) {
  const { cache } = options;
  const key = (suffix: string) => `tern.remote.${options.scope}.${suffix}`;
  const dirtyLogs = new Set<string>();
  let saveTimer: unknown = null;

  function save(suffix: string, value: unknown): void {
    cache.set(key(suffix), value).catch(() => undefined);
  }
  const read = <T>(suffix: string): Promise<T | undefined> => cache.get<T>(key(suffix)).catch(() => undefined);

  /** Merges the session's cached events into its log (if any were cached). */
  async function loadLog(target: RestoreTarget, sessionId: string): Promise<void> {
    const cached = await read<SessionEvent[]>(`events.${sessionId}`);
    if (!cached?.length) return;
    const { logs } = target.state();
    const log = withCachedEvents(logs[sessionId], sessionId, cached);
    if (log) target.set({ logs: { ...logs, [sessionId]: log } });
  }

  return {
    saveInstances: (instances: readonly Instance[]) => save('instances', instances),
    saveSessions: (instanceId: string, sessions: readonly Session[]) => save(`sessions.${instanceId}`, sessions),
    saveQueue: (queue: InputQueue) => save('queue', queue),
    saveSelection: (selection: Selection) => save('selection', selection),
    /** Saves the session's newest events a moment later, batching the bursts of a streaming reply. */
    saveLogSoon(sessionId: string): void {
      dirtyLogs.add(sessionId);
      if (saveTimer !== null) return;
      saveTimer = options.schedule(() => {
        saveTimer = null;
        for (const id of dirtyLogs) {
          const log = options.log(id);
          if (log) save(`events.${id}`, log.events.slice(-MAX_CACHED_EVENTS));
        }
        dirtyLogs.clear();
      }, LOG_SAVE_DELAY_MS);
    },
    loadLog,
    /**
     * Shows what the last visit left before the relay answers: the instance list, the outbox, and the chosen instance's
     * sessions and open session. Whatever the relay or the user already set in this visit wins.
     */
    async restore(target: RestoreTarget): Promise<void> {
      const [instances, selection, queue] = await Promise.all([
        cache.get<Instance[]>(key('instances')),
        cache.get<Selection>(key('selection')),
        cache.get<InputQueue>(key('queue')),
      ]).catch(() => [undefined, undefined, undefined] as const);
      let state = target.state();
      const patch: Partial<RemoteState> = {};
      if (instances && !state.instancesLoaded) Object.assign(patch, { instances, instancesLoaded: true });
      if (queue?.length) patch.queue = restoreQueue(queue, state.queue);
      if (selection?.instanceId && target.wantedInstanceId === null) {
        target.wantedInstanceId = selection.instanceId;
        const sessions = await read<Session[]>(`sessions.${selection.instanceId}`);
        state = target.state();
        if (sessions && !state.sessions[selection.instanceId]) patch.sessions = { ...state.sessions, [selection.instanceId]: sessions };
        if (selection.sessionId && state.currentSessionId === null) {
          patch.currentSessionId = selection.sessionId;
          await loadLog(target, selection.sessionId);
        }
      }
      target.set(patch);
    },
  };
}

export type StoreCache = ReturnType<typeof createStoreCache>;
