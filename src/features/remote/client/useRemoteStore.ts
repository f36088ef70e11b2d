import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';

import { authAtom, clearAuth, onSessionEnd } from '../../../shared/auth/session';
import { appStore } from '../../../shared/state/jotai';
import { showToast } from '../../../shared/ui/toast';
import { clearDeviceData, idbOutbox, idbRemoteCache } from './idbCache';
import { createRemoteStore, type RemoteState, type RemoteStore } from './remoteStore';
import { createWebSocketPort } from './socketPort';

const WINDOW_KEY = 'tern.remote.windowId';

/** One id per browser tab (session storage survives reloads, not new tabs): the workspace lock's holder. */
export function windowId(): string {
  try {
    const existing = sessionStorage.getItem(WINDOW_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(WINDOW_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** A 401 from the handshake (or a revoked login) ends the session like any other 401 (spec §8). */
function sessionExpired(): void {
  showToast('error', { key: 'errors:sessionExpired' });
  clearAuth();
  if (location.pathname !== '/') navigate('/');
}

// Signing out leaves nothing of the console on this device: neither the cached history nor unsent messages.
// (A sign-out while this module is not loaded is caught up the next time the console opens, see idbCache.ts.)
onSessionEnd(() => {
  void clearDeviceData().catch(() => undefined);
});

/**
 * Store changes reach React at most once per `ms` (a timer, so also in a background tab): a replay of 10,000 events,
 * one socket message each, renders the page a few dozen times instead of 10,000 (issue #15, the PWA opens a long
 * session in < 1 s; see tests/bench/timeline.ts).
 */
function coalesced(subscribe: (listener: () => void) => () => void, ms = 16): (listener: () => void) => () => void {
  return (listener) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        listener();
      }, ms);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  };
}

/** Creates the console's store for this page visit, connects it, and wires foreground/online wake-ups. */
export function useRemoteStore(): [RemoteState, RemoteStore] {
  const [store] = useState(() => {
    const auth = appStore.get(authAtom);
    const tab = windowId();
    const scope = auth?.user?.id ?? 'anon';
    return createRemoteStore({
      createSocket: () =>
        createWebSocketPort(() => {
          const token = appStore.get(authAtom)?.token;
          return token ? { token, windowId: tab } : null;
        }),
      cache: idbRemoteCache(),
      outbox: idbOutbox(scope),
      cacheScope: scope,
      uuid: () => crypto.randomUUID(),
      onUnauthorized: sessionExpired,
    });
  });
  useEffect(() => {
    store.start();
    const wake = () => {
      if (document.visibilityState === 'visible') store.wake();
    };
    const online = () => store.wake();
    const offline = () => store.networkLost();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('focus', wake);
    return () => {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', wake);
      store.stop();
    };
  }, [store]);
  const subscribe = useMemo(() => coalesced(store.subscribe), [store]);
  const state = useSyncExternalStore(subscribe, store.getState, store.getState);
  return [state, store];
}
