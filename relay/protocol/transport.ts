/**
 * Transport-level signals below the socket events (docs/deploy.md, "Slow consumers"): a browser socket the relay
 * drops because it stopped taking what it was sent has its WebSocket closed with this code and reason, which the
 * Socket.IO client reports in its `disconnect` details (`details.context.code`); the console says why it reconnects.
 */
export const SLOW_CONSUMER_CLOSE_CODE = 4008;
export const SLOW_CONSUMER_REASON = 'SLOW_CONSUMER';

/** True when a Socket.IO client's `disconnect` details carry the relay's slow-consumer close. */
export function isSlowConsumerClose(details: unknown): boolean {
  const context = (details as { context?: { code?: unknown } } | null | undefined)?.context;
  return context?.code === SLOW_CONSUMER_CLOSE_CODE;
}
