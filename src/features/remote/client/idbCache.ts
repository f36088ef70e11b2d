import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

import { lastSignOut } from '../../../shared/auth/session';
import { clearOutbox, createOutbox, type Outbox } from './outbox';
import type { RemoteCache } from './storeCache';

/** When this device's console data was last cleared (epoch ms, localStorage): compared with the last sign-out. */
const CLEARED_KEY = 'tern.remote.clearedAt';

let store: UseStore | null = null;
const cacheStore = (): UseStore => (store ??= createStore('tern-remote', 'cache'));

/** Drops everything the console keeps on this device: the cached history and the unsent outbox (sign-out). */
export async function clearDeviceData(): Promise<void> {
  await Promise.all([clear(cacheStore()), clearOutbox()]);
  try {
    localStorage.setItem(CLEARED_KEY, String(Date.now()));
  } catch {
    // Without localStorage the next visit clears again: nothing is kept that should not be.
  }
}

function lastCleared(): number {
  try {
    return Number(localStorage.getItem(CLEARED_KEY)) || 0;
  } catch {
    return 0;
  }
}

let ready: Promise<void> | null = null;
/**
 * Resolves once a sign-out that happened while the console was not loaded (from another page of the site) has been
 * cleared: nothing is read or written before, so one user never sees another's history or sends their messages.
 */
function deviceDataReady(): Promise<void> {
  ready ??= (async () => {
    if (lastSignOut() > lastCleared()) await clearDeviceData();
  })().catch(() => undefined);
  return ready;
}

/** The console's IndexedDB cache (its own database, so clearing it never touches anything else). */
export function idbRemoteCache(): RemoteCache {
  const db = cacheStore();
  return {
    get: async <T>(key: string) => {
      await deviceDataReady();
      return get<T>(key, db);
    },
    set: async (key, value) => {
      await deviceDataReady();
      await set(key, value, db);
    },
  };
}

/** The user's durable outbox in IndexedDB (outbox.ts), after any pending sign-out clearing. */
export function idbOutbox(scope: string): Outbox {
  const outbox = createOutbox(scope);
  return {
    add: (entry) => deviceDataReady().then(() => outbox.add(entry)),
    remove: (ids) => deviceDataReady().then(() => outbox.remove(ids)),
    list: () => deviceDataReady().then(() => outbox.list()),
  };
}
