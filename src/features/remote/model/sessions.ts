import type { Session } from '#protocol/remote';

/** Each instance's sessions as last heard, by instance id. */
export type SessionsByInstance = Readonly<Record<string, readonly Session[]>>;

/** Replaces the session in its instance's list, or puts it first when it is new. */
export function upsertSession(sessions: SessionsByInstance, session: Session): SessionsByInstance {
  const list = sessions[session.instanceId] ?? [];
  const next = list.some((s) => s.id === session.id) ? list.map((s) => (s.id === session.id ? session : s)) : [session, ...list];
  return { ...sessions, [session.instanceId]: next };
}

/** An instance's whole list, as an attach answers it. */
export function setSessions(sessions: SessionsByInstance, instanceId: string, list: readonly Session[]): SessionsByInstance {
  return { ...sessions, [instanceId]: list };
}

export function findSession(sessions: SessionsByInstance, sessionId: string): Session | undefined {
  return Object.values(sessions)
    .flat()
    .find((s) => s.id === sessionId);
}

/** Takes a deleted session out of its instance's list (unchanged when it is not there). */
export function removeSession(sessions: SessionsByInstance, instanceId: string, sessionId: string): SessionsByInstance {
  const list = sessions[instanceId];
  if (!list?.some((s) => s.id === sessionId)) return sessions;
  return { ...sessions, [instanceId]: list.filter((s) => s.id !== sessionId) };
}

/** Most recently active first (ties: the newer session first). */
export function byActivity(list: readonly Session[]): Session[] {
  return [...list].sort(
    (a, b) => Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/**
 * The sessions a search shows: those whose title, first or last message contains the query (any case), plus those
 * the relay found by their content (`contentIds`, when its answer has come), most recently active first.
 */
export function searchSessions(list: readonly Session[], query: string, contentIds: ReadonlySet<string> | null): Session[] {
  const q = query.trim().toLocaleLowerCase();
  const sorted = byActivity(list);
  if (!q) return sorted;
  const has = (text: string | null) => text !== null && text.toLocaleLowerCase().includes(q);
  return sorted.filter((s) => has(s.title) || has(s.firstMessage) || has(s.lastMessage) || contentIds?.has(s.id) === true);
}
