import { useEffect, useRef } from 'react';

import type { RemoteState, RemoteStore } from '../client/remoteStore';

/**
 * A notification tap opens `/remote?session=<id>` (and `&request=<id>` for an approval, where the platform has no
 * notification actions, iOS): once the session shows up in a list, its workspace is attached and the session opened,
 * where the approval card waits. The query is then dropped from the address, so a reload does not jump again.
 */
export function useNotificationTarget(state: RemoteState, store: RemoteStore): void {
  const target = useRef<string | null>(typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('session'));
  useEffect(() => {
    const sessionId = target.current;
    if (!sessionId || !state.instancesLoaded) return;
    const instanceId = Object.keys(state.sessions).find((id) => state.sessions[id]?.some((s) => s.id === sessionId));
    if (!instanceId) return;
    const attachedId = 'instanceId' in state.attach ? state.attach.instanceId : null;
    if (attachedId !== instanceId) {
      if (state.attach.status !== 'attaching') void store.attach(instanceId);
      return;
    }
    if (state.attach.status !== 'attached' && state.attach.status !== 'busy') return;
    target.current = null;
    void store.selectSession(sessionId);
    history.replaceState(history.state, '', location.pathname);
  }, [state.instancesLoaded, state.sessions, state.attach, store]);

  // The installed app's "New session" shortcut (/remote?new=session): a new session once a workspace is driven.
  const wantsNew = useRef(typeof location !== 'undefined' && new URLSearchParams(location.search).get('new') === 'session');
  useEffect(() => {
    if (!wantsNew.current || state.attach.status !== 'attached' || state.connection.status !== 'connected' || state.creatingSession) return;
    wantsNew.current = false;
    history.replaceState(history.state, '', location.pathname);
    void store.createSession();
  }, [state.attach.status, state.connection.status, state.creatingSession, store]);
}
