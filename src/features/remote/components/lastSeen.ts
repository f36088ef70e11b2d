import type { Instance } from '#protocol/remote';

/**
 * "Last seen …" for an instance while the relay cannot be reached (or has not answered since the page opened): its
 * state is unknown, so it is never shown online. An instance that was online when the relay was last heard was seen
 * then (`heardAt`); one that was already offline, at its own lastSeenAt. Today: the time; another day: date and time.
 */
export function lastSeenText(
  t: (key: 'delivery.lastSeen' | 'delivery.lastSeenDay', options: { time: string; date?: string }) => string,
  language: string,
  instance: Pick<Instance, 'online' | 'lastSeenAt'>,
  heardAt: number | null,
  now: number = Date.now(),
): string {
  const at = instance.online && heardAt !== null ? heardAt : Date.parse(instance.lastSeenAt);
  const when = new Date(Number.isFinite(at) ? at : now);
  const time = when.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
  if (when.toDateString() === new Date(now).toDateString()) return t('delivery.lastSeen', { time });
  return t('delivery.lastSeenDay', { time, date: when.toLocaleDateString(language, { month: 'short', day: 'numeric' }) });
}
