/**
 * The console's connection state (spec §4): connecting, connected, disconnected, reconnecting with an attempt
 * counter. A pure reducer; the socket module feeds it and acts on the state it returns.
 */
export type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected' }
  /**
   * `retryAt`: when the next retry is due (epoch ms), once it is scheduled. `slow`: the relay dropped this window as a
   * slow consumer (it had stopped taking what it was sent; docs/deploy.md), shown until it is connected again.
   */
  | { status: 'reconnecting'; attempt: number; offline: boolean; retryAt?: number; slow?: true }
  | { status: 'disconnected'; reason: 'unauthorized' | 'stopped' | 'revoked' | 'refused' };

export type ConnectionEvent =
  | { type: 'start' }
  | { type: 'connected' }
  /** The transport dropped or a connect attempt failed; the client will retry. */
  | { type: 'lost'; offline: boolean; slow?: true }
  /** The next retry is scheduled for `at` (epoch ms). */
  | { type: 'scheduled'; at: number }
  /** A scheduled retry is starting now. */
  | { type: 'retry' }
  | { type: 'unauthorized' }
  | { type: 'revoked' }
  /** The relay refused the handshake (origin, protocol version, malformed auth): no retry. */
  | { type: 'refused' }
  | { type: 'stop' };

export const initialConnection: ConnectionState = { status: 'idle' };

export function connectionReducer(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'start':
      return state.status === 'connected' ? state : { status: 'connecting' };
    case 'connected':
      return { status: 'connected' };
    case 'lost':
      if (state.status === 'disconnected' || state.status === 'idle') return state;
      if (state.status === 'reconnecting') return { ...state, offline: event.offline, ...(event.slow && { slow: true }) };
      return { status: 'reconnecting', attempt: 0, offline: event.offline, ...(event.slow && { slow: true }) };
    case 'scheduled':
      return state.status === 'reconnecting' ? { ...state, retryAt: event.at } : state;
    case 'retry': {
      if (state.status !== 'reconnecting') return state;
      const { retryAt: _retryAt, ...rest } = state;
      return { ...rest, attempt: state.attempt + 1 };
    }
    case 'unauthorized':
      return { status: 'disconnected', reason: 'unauthorized' };
    case 'revoked':
      return { status: 'disconnected', reason: 'revoked' };
    case 'refused':
      return { status: 'disconnected', reason: 'refused' };
    case 'stop':
      return { status: 'disconnected', reason: 'stopped' };
  }
}

/** Delay before retry `attempt` (1-based): 0.5 s, 1 s, 2 s, 4 s … capped at 15 s, with ±20% jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
