import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import type { SessionEvent } from '#protocol/remote';

import type { RemoteState } from '../client/remoteStore';
import { noLiveEvents } from '../model/liveEvents';
import { timelineBuilder } from '../model/timeline';

const noEvents: readonly SessionEvent[] = [];

/** The open session is catching up (a replay on open or after a reconnect) while it holds fewer events than this behind the relay's. */
export const CATCH_UP_BEHIND = 200;
/** How often the chat shows a replay's progress while it catches up. */
export const CATCH_UP_RENDER_MS = 250;

/**
 * `value`, except that while `catchingUp` it changes at most every `ms` (issue #15: a 10,000-event replay arrives in
 * a second; rendering each burst of it, with its layout and the rows that come and go at the bottom, cost more than
 * receiving it). When the catch-up ends, the latest value shows at once.
 */
export function useCatchUp<T>(value: T, catchingUp: boolean, ms = CATCH_UP_RENDER_MS): T {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  // Adjusted while rendering (React's pattern for state that follows a prop): a catch-up starts from what is there now.
  if (catchingUp && held === null) setHeld({ value });
  if (!catchingUp && held !== null) setHeld(null);
  useEffect(() => {
    if (!catchingUp) return;
    const timer = setTimeout(() => setHeld({ value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [catchingUp, held, ms]);
  return catchingUp && held ? held.value : value;
}

/** What the open session shows, computed once for the bar and the chat. */
export function useSessionView(state: RemoteState) {
  const sessionId = state.currentSessionId;
  const log = sessionId ? state.logs[sessionId] : undefined;
  const attachedId = 'instanceId' in state.attach ? state.attach.instanceId : null;
  const session = attachedId && sessionId ? state.sessions[attachedId]?.find((s) => s.id === sessionId) : undefined;
  // Folded incrementally, deferred, and while a long replay is still arriving shown a few times a second. Live events
  // (not stored yet) come after the stored ones.
  const [build] = useState(() => timelineBuilder());
  const catchingUp = (session?.lastSeq ?? 0) - (log?.lastSeq ?? 0) > CATCH_UP_BEHIND;
  const stored = log?.events ?? noEvents;
  const live = (sessionId && state.live[sessionId]) || noLiveEvents;
  const latest = useMemo(() => ({ events: stored, live }), [stored, live]);
  const { events, live: shownLive } = useCatchUp(useDeferredValue(latest), catchingUp);
  const timeline = useMemo(() => build(events, shownLive), [build, events, shownLive]);
  const pending = state.queue.filter((q) => q.sessionId === sessionId && !timeline.sentIds.has(q.clientMsgId));
  const cli = state.instances.find((i) => i.id === attachedId);
  // Busy or lost: another window drives the workspace; an open session stays readable here, nothing can be sent.
  const held = state.attach.status === 'busy' || state.attach.status === 'lost' ? state.attach : null;
  const connected = state.connection.status === 'connected';
  return {
    sessionId,
    /** The session's stored events as the chat shows them (behind the log while a replay catches up). */
    events,
    /** A replay is arriving (the link is up) and nothing is shown yet. */
    loading: catchingUp && connected && events.length === 0,
    timeline,
    /** The session's live events shown after the stored ones (not stored yet). */
    live: shownLive,
    pending,
    session,
    cli,
    cliOnline: cli?.online === true && !state.stale,
    held,
    connected,
    canDrive: connected && !held,
  };
}
export type SessionView = ReturnType<typeof useSessionView>;
