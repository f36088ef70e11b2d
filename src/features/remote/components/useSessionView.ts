import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import type { SessionEvent } from '#protocol/remote';

import type { RemoteState } from '../client/remoteStore';
import { noLiveEvents } from '../model/liveEvents';
import { timelineBuilder } from '../model/timeline';
import { preloadChatChunks } from './lazyChunks';

const noEvents: readonly SessionEvent[] = [];
const isEmptyView = (view: { events: readonly SessionEvent[] }) => view.events.length === 0;

/** The open session is catching up (a replay on open or after a reconnect) while it holds fewer events than this behind the relay's. */
export const CATCH_UP_BEHIND = 200;
/** How often the chat shows a replay's progress while it catches up. */
export const CATCH_UP_RENDER_MS = 250;

/**
 * `value`, except that while `catchingUp` it changes at most every `ms` (issue #15: a 10,000-event replay arrives in
 * a second; rendering each burst of it, with its layout and the rows that come and go at the bottom, cost more than
 * receiving it). A catch-up that starts with nothing shown (`isEmpty`: a first open) shows nothing new until it ends:
 * its bursts are the session's oldest history, not the latest message the chat opens at, and rendering them only
 * delayed that (a 10,000-event open spent ~200 ms laying out its first 2,500 events). When the catch-up ends, the
 * latest value shows at once.
 */
export function useCatchUp<T>(value: T, catchingUp: boolean, isEmpty: (value: T) => boolean = () => false, ms = CATCH_UP_RENDER_MS): T {
  const [held, setHeld] = useState<{ value: T } | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  // Adjusted while rendering (React's pattern for state that follows a prop): a catch-up starts from what is there now.
  if (catchingUp && held === null) setHeld({ value });
  if (!catchingUp && held !== null) setHeld(null);
  const moves = held !== null && !isEmpty(held.value);
  useEffect(() => {
    if (!catchingUp || !moves) return;
    const timer = setTimeout(() => setHeld({ value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [catchingUp, held, moves, ms]);
  return catchingUp && held ? held.value : value;
}

/** What the open session shows, computed once for the bar and the chat. */
export function useSessionView(state: RemoteState) {
  const sessionId = state.currentSessionId;
  const log = sessionId ? state.logs[sessionId] : undefined;
  const attachedId = 'instanceId' in state.attach ? state.attach.instanceId : null;
  const session = attachedId && sessionId ? state.sessions[attachedId]?.find((s) => s.id === sessionId) : undefined;
  // Folded incrementally and deferred; while a long replay is still arriving, held (useCatchUp: a first open shows its
  // progress, a re-join what it had, a few times a second). Live events (not stored yet) come after the stored ones.
  const [build] = useState(() => timelineBuilder());
  useEffect(() => {
    if (sessionId) preloadChatChunks();
  }, [sessionId]);
  const catchingUp = (session?.lastSeq ?? 0) - (log?.lastSeq ?? 0) > CATCH_UP_BEHIND;
  const stored = log?.events ?? noEvents;
  // Where the log starts: the progress counts from there (a first open replays the latest page only).
  const base = log?.base ?? 0;
  const live = (sessionId && state.live[sessionId]) || noLiveEvents;
  const latest = useMemo(() => ({ events: stored, live }), [stored, live]);
  // Held first, deferred second: when a catch-up ends, the urgent render still shows what was held (nothing new to lay
  // out) and the whole log is built and rendered once, in the background. Deferred first, the urgent render showed the
  // deferred value's lagging log, and the latest came in a second full render.
  const { events, live: shownLive } = useDeferredValue(useCatchUp(latest, catchingUp, isEmptyView));
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
    /**
     * Nothing is shown yet while a replay arrives (the link is up) or while what arrived is rendered: how far it got
     * (events held of the session's last seq), or null.
     */
    loading:
      events.length === 0 && ((catchingUp && connected) || stored.length > 0)
        ? { held: Math.max(0, Math.min(log?.lastSeq ?? 0, session?.lastSeq ?? 0) - base), of: Math.max(0, (session?.lastSeq ?? 0) - base) }
        : null,
    /**
     * Events before the first the log holds (a first open brings the latest page only): `more` while there are, and an
     * older page on its way (`loading`) or failed. Also `loading` while the chat shows less than the log holds (the
     * last page is not rendered yet): asking now would ask for it again.
     */
    older: { more: base > 0, status: (sessionId && state.older[sessionId]) || (events !== stored ? ('loading' as const) : null) },
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
