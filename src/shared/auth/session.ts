import { appStore, atom } from '../state/jotai';
import { authKeys, clearStoredAuth, readStoredAuth, type StoredAuth, type User, writeStoredAuth } from './storage';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const authAtom = atom<StoredAuth | null>(null);
/** Authenticated only when a token exists and is not expired (spec §4). */
export const isAuthenticatedAtom = atom((get) => get(authAtom) !== null);

const cleanupHandlers = new Set<() => void>();
/** Lets features (the query cache, sockets) drop their data when the session ends, without auth importing them. */
export function onSessionEnd(handler: () => void): () => void {
  cleanupHandlers.add(handler);
  return () => cleanupHandlers.delete(handler);
}

export function refreshAuth(): StoredAuth | null {
  const storage = safeLocalStorage();
  const auth = storage ? readStoredAuth(storage) : null;
  appStore.set(authAtom, auth);
  return auth;
}

export function currentToken(): string | null {
  const storage = safeLocalStorage();
  const auth = storage ? readStoredAuth(storage) : null;
  if (!auth && appStore.get(authAtom)) appStore.set(authAtom, null);
  return auth?.token ?? null;
}

export function signIn(input: Parameters<typeof writeStoredAuth>[1]): StoredAuth {
  const storage = safeLocalStorage();
  if (!storage) throw new Error('Local storage is unavailable');
  const auth = writeStoredAuth(storage, input);
  appStore.set(authAtom, auth);
  return auth;
}

export function updateUser(user: User): void {
  const storage = safeLocalStorage();
  const auth = appStore.get(authAtom);
  if (!storage || !auth) return;
  storage.setItem(authKeys.user, JSON.stringify(user));
  appStore.set(authAtom, { ...auth, user });
}

/**
 * When the last sign-out happened (epoch ms, kept in localStorage): a feature that keeps the user's data on the device
 * (the remote console's IndexedDB cache and outbox) and was not loaded at that moment clears it the next time it opens.
 */
const SIGNED_OUT_KEY = 'tern.signedOutAt';
export function lastSignOut(): number {
  return Number(safeLocalStorage()?.getItem(SIGNED_OUT_KEY) ?? 0) || 0;
}

/** Clears stored auth and every cache holding the user's data. */
export function clearAuth(): void {
  const storage = safeLocalStorage();
  if (storage) clearStoredAuth(storage);
  try {
    storage?.setItem(SIGNED_OUT_KEY, String(Date.now()));
  } catch {
    // A full or blocked storage: the loaded features' handlers below still clear their data.
  }
  appStore.set(authAtom, null);
  for (const handler of cleanupHandlers) handler();
}

/** Keeps tabs in step: signing in or out in one tab updates the others. */
export function watchAuthAcrossTabs(): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || Object.values(authKeys).includes(event.key as never)) refreshAuth();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
