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
