import { createStore, get, set } from 'idb-keyval';

import type { RemoteCache } from './storeCache';

let store: ReturnType<typeof createStore> | null = null;

/** The console's IndexedDB cache (its own database, so clearing it never touches anything else). */
export function idbRemoteCache(): RemoteCache {
  store ??= createStore('tern-remote', 'cache');
  const db = store;
  return {
    get: <T>(key: string) => get<T>(key, db),
    set: (key, value) => set(key, value, db),
  };
}

/** Drops everything cached (sign-out). */
export async function clearRemoteCache(): Promise<void> {
  const { clear } = await import('idb-keyval');
  store ??= createStore('tern-remote', 'cache');
  await clear(store);
}
