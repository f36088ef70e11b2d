import { clear, createStore, delMany, entries, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';

import { webSessionInputSchema } from '#protocol/remote';

/**
 * The console's durable outbox: every message typed into a session is written here (IndexedDB, one record each) the
 * moment it is sent, and removed once the relay has stored it. A reload, a killed tab or a browser restart finds it
 * again; it goes out once (the relay dedupes by clientMsgId) and in order (oldest first, one at a time, see flush in
 * sessionActions.ts). Records are per user (the key starts with the user's scope) and read back through the protocol's
 * `session:input` schema: anything else found there is deleted.
 */
export interface OutboxEntry {
  clientMsgId: string;
  sessionId: string;
  text: string;
}

export interface Outbox {
  /** Writes the entry (a second add of the same clientMsgId keeps the first one's place). */
  add(entry: OutboxEntry): Promise<void>;
  remove(clientMsgIds: Iterable<string>): Promise<void>;
  /** This user's entries, oldest first. */
  list(): Promise<OutboxEntry[]>;
}

const DB_NAME = 'tern-remote-outbox';
const STORE_NAME = 'outbox';

/** What one record holds: the `session:input` payload and when it was typed (its place in the order). */
const recordSchema = webSessionInputSchema.extend({ order: z.number().int().nonnegative() });
/** Keys are [scope, order, clientMsgId]: one user's records sort together, oldest first. */
const keySchema = z.tuple([z.string().min(1), z.number(), z.string()]);

let defaultStore: UseStore | null = null;
const outboxStore = (): UseStore => (defaultStore ??= createStore(DB_NAME, STORE_NAME));

export function createOutbox(scope: string, store: UseStore = outboxStore()): Outbox {
  let last = 0;
  /** Keys written or read by this page, by clientMsgId (to delete without a lookup). */
  const keys = new Map<string, [string, number, string]>();

  async function read(): Promise<Array<{ key: [string, number, string]; record: z.infer<typeof recordSchema> }>> {
    const found: Array<{ key: [string, number, string]; record: z.infer<typeof recordSchema> }> = [];
    const bad: IDBValidKey[] = [];
    for (const [rawKey, value] of await entries(store)) {
      const key = keySchema.safeParse(rawKey);
      if (key.success && key.data[0] !== scope) continue;
      const record = recordSchema.safeParse(value);
      if (!key.success || !record.success || record.data.clientMsgId !== key.data[2] || record.data.order !== key.data[1]) {
        bad.push(rawKey);
        continue;
      }
      found.push({ key: key.data, record: record.data });
    }
    if (bad.length > 0) await delMany(bad, store);
    return found.sort((a, b) => a.record.order - b.record.order);
  }

  return {
    async add(entry) {
      if (keys.has(entry.clientMsgId)) return;
      last = Math.max(Date.now(), last + 1);
      const key: [string, number, string] = [scope, last, entry.clientMsgId];
      keys.set(entry.clientMsgId, key);
      await set(key, { sessionId: entry.sessionId, clientMsgId: entry.clientMsgId, text: entry.text, order: last }, store);
    },
    async remove(clientMsgIds) {
      const ids = new Set(clientMsgIds);
      if (ids.size === 0) return;
      const known = [...ids].map((id) => keys.get(id)).filter((key) => key !== undefined);
      // A record this page did not write or read yet (another tab's) is looked up by its clientMsgId.
      const missing = [...ids].filter((id) => !keys.has(id));
      const looked = missing.length > 0 ? (await read()).filter((r) => ids.has(r.record.clientMsgId)).map((r) => r.key) : [];
      for (const id of ids) keys.delete(id);
      if (known.length + looked.length > 0) await delMany([...known, ...looked], store);
    },
    async list() {
      const found = await read();
      for (const { key } of found) {
        keys.set(key[2], key);
        last = Math.max(last, key[1]);
      }
      return found.map(({ record }) => ({ clientMsgId: record.clientMsgId, sessionId: record.sessionId, text: record.text }));
    },
  };
}

/** Drops every outbox record (sign-out). */
export async function clearOutbox(store: UseStore = outboxStore()): Promise<void> {
  await clear(store);
}

/** An outbox that keeps nothing (tests and places without IndexedDB). */
export const noOutbox: Outbox = { add: async () => undefined, remove: async () => undefined, list: async () => [] };
