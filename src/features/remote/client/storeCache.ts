import { z } from 'zod';

import {
  type Instance,
  instanceSchema,
  type Session,
  type SessionEvent,
  sessionEventSchema,
  sessionSchema,
  webSessionInputSchema,
} from '#protocol/remote';

import { type EventLog, withCachedEvents } from '../model/eventLog';
import { type InputQueue, type QueuedInput, restoreQueue } from '../model/inputQueue';
import type { RemoteState } from '../model/remoteState';
import type { Outbox } from './outbox';

/** Where the last known instances, sessions and events live between visits (IndexedDB in the app). */
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
 * What is read back is checked with the protocol's schemas (the cache is another program's storage as far as this page
 * knows: an older version of it, or a damaged database): a bad item is left out, a bad event log is dropped whole (the
 * relay replays it on join).
 */
const selectionSchema = z.object({ instanceId: z.uuid().nullable(), sessionId: z.uuid().nullable() });
const eventsSchema = z.array(sessionEventSchema);
const heardAtSchema = z.number().int().nonnegative();

function validItems<T>(schema: z.ZodType<T>, raw: unknown): T[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
function valid<T>(schema: z.ZodType<T>, raw: unknown): T | undefined {
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The console's cache under keys per user scope (`tern.remote.<scope>.…`), so two accounts on one browser never see
 * each other's data, and its outbox (outbox.ts, per user too). Writes never fail the caller: a full or blocked
 * IndexedDB only means nothing shows offline.
 */
export function createStoreCache(options: {
  cache: RemoteCache;
  outbox: Outbox;
  scope: string;
  schedule: (fn: () => void, ms: number) => unknown;
  log: (sessionId: string) => EventLog | undefined;
  now?: () => number;
}) {
  const { cache, outbox } = options;
  const now = options.now ?? Date.now;
  const key = (suffix: string) => `tern.remote.${options.scope}.${suffix}`;
  const dirtyLogs = new Set<string>();
  let saveTimer: unknown = null;

  function save(suffix: string, value: unknown): void {
    cache.set(key(suffix), value).catch(() => undefined);
  }
  const read = (suffix: string): Promise<unknown> => cache.get<unknown>(key(suffix)).catch(() => undefined);
  /** Whatever is saved, the relay was heard just now (the "last seen" of an instance that was online). */
  const heard = () => save('heardAt', now());

  async function readEvents(sessionId: string): Promise<SessionEvent[] | undefined> {
    const events = valid(eventsSchema, await read(`events.${sessionId}`));
    return events?.every((e) => e.sessionId === sessionId) ? events : undefined;
  }

  /** Input an earlier version of the console kept under `queue` (one array in the cache) moves to the outbox, once. */
  async function adoptLegacyQueue(): Promise<void> {
    const legacy = validItems(webSessionInputSchema, await read('queue'));
    if (!legacy?.length) return;
    for (const { clientMsgId, sessionId, text } of legacy) await outbox.add({ clientMsgId, sessionId, text }).catch(() => undefined);
    save('queue', []);
  }

  /** Merges the session's cached events into its log (if any were cached). */
  async function loadLog(target: RestoreTarget, sessionId: string): Promise<void> {
    const cached = await readEvents(sessionId);
    if (!cached?.length) return;
    const { logs } = target.state();
    const log = withCachedEvents(logs[sessionId], sessionId, cached);
    if (log) target.set({ logs: { ...logs, [sessionId]: log } });
  }

  /** The outbox as left on this device (by this page, an earlier visit or another tab), oldest first. */
  async function readOutbox(): Promise<QueuedInput[]> {
    await adoptLegacyQueue();
    const entries = await outbox.list().catch(() => []);
    return entries.map((entry) => ({ ...entry, status: 'queued' as const }));
  }

  return {
    saveInstances(instances: readonly Instance[]): void {
      save('instances', instances);
      heard();
    },
    saveSessions: (instanceId: string, sessions: readonly Session[]) => save(`sessions.${instanceId}`, sessions),
    /** Writes what changed between two states of the outbox: entries added, entries gone (stored by the relay, discarded). */
    saveQueue(before: InputQueue, after: InputQueue): void {
      if (before === after) return;
      const had = new Set(before.map((q) => q.clientMsgId));
      const kept = new Set(after.map((q) => q.clientMsgId));
      for (const q of after) {
        if (!had.has(q.clientMsgId))
          outbox.add({ clientMsgId: q.clientMsgId, sessionId: q.sessionId, text: q.text }).catch(() => undefined);
      }
      const gone = before.filter((q) => !kept.has(q.clientMsgId)).map((q) => q.clientMsgId);
      if (gone.length > 0) outbox.remove(gone).catch(() => undefined);
    },
    saveSelection: (selection: Selection) => save('selection', selection),
    /** The link went down: the relay was last heard now. */
    saveHeardAt: heard,
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
        heard();
      }, LOG_SAVE_DELAY_MS);
    },
    loadLog,
    /** Shows an instance's cached sessions (chosen while the relay cannot be reached) unless this visit has its list. */
    async loadSessions(target: RestoreTarget, instanceId: string): Promise<void> {
      const sessions = validItems(sessionSchema, await read(`sessions.${instanceId}`));
      const current = target.state().sessions;
      if (sessions && !current[instanceId]) target.set({ sessions: { ...current, [instanceId]: sessions } });
    },
    /**
     * Adds what another tab (or a killed one) left in the outbox since this page read it; entries this page holds keep
     * their state and place.
     */
    async mergeOutbox(target: RestoreTarget): Promise<void> {
      const stored = await readOutbox();
      const { queue } = target.state();
      const held = new Set(queue.map((q) => q.clientMsgId));
      const added = stored.filter((q) => !held.has(q.clientMsgId));
      if (added.length > 0) target.set({ queue: [...target.state().queue, ...added] });
    },
    /**
     * Shows what the last visit left before the relay answers: the instance list, the outbox, and the chosen instance's
     * sessions and open session (read-only until the relay answers: attach status `offline`). Whatever the relay or the
     * user already set in this visit wins.
     */
    async restore(target: RestoreTarget): Promise<void> {
      const [rawInstances, rawSelection, rawHeardAt, queue] = await Promise.all([
        read('instances'),
        read('selection'),
        read('heardAt'),
        readOutbox(),
      ]);
      const instances = validItems(instanceSchema, rawInstances);
      const selection = valid(selectionSchema, rawSelection);
      let state = target.state();
      const patch: Partial<RemoteState> = { restored: true };
      if (instances && !state.instancesLoaded) Object.assign(patch, { instances, instancesLoaded: true });
      const heardAt = valid(heardAtSchema, rawHeardAt);
      if (heardAt !== undefined && state.heardAt === null) patch.heardAt = heardAt;
      if (queue.length > 0) patch.queue = restoreQueue(queue, state.queue);
      if (selection?.instanceId && target.wantedInstanceId === null) {
        target.wantedInstanceId = selection.instanceId;
        const sessions = validItems(sessionSchema, await read(`sessions.${selection.instanceId}`));
        state = target.state();
        if (sessions && !state.sessions[selection.instanceId]) patch.sessions = { ...state.sessions, [selection.instanceId]: sessions };
        if (state.attach.status === 'none' && state.connection.status !== 'connected') {
          patch.attach = { status: 'offline', instanceId: selection.instanceId };
        }
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
