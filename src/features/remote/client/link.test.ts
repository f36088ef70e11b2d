import { describe, expect, it } from 'vitest';

import { SLOW_CONSUMER_CLOSE_CODE } from '#protocol/transport';

import { connectionReducer, type ConnectionState, initialConnection } from '../model/connection';
import { createLink, handshakeFailure } from './link';
import type { SocketPort } from './socketPort';

const refusedWith = (code: string) => Object.assign(new Error('handshake refused'), { data: { code } });

describe('handshakeFailure', () => {
  it('reads the relay’s code: UNAUTHORIZED signs out, the three permanent refusals stop with their code', () => {
    expect(handshakeFailure(refusedWith('UNAUTHORIZED'))).toEqual({ kind: 'unauthorized' });
    for (const code of ['ORIGIN_NOT_ALLOWED', 'BAD_HANDSHAKE', 'PROTOCOL_VERSION'])
      expect(handshakeFailure(refusedWith(code))).toEqual({ kind: 'refused', code });
  });

  it('retries a relay fault, an unknown code, a transport error and anything without data', () => {
    expect(handshakeFailure(refusedWith('INTERNAL'))).toEqual({ kind: 'transient' });
    expect(handshakeFailure(refusedWith('SOMETHING_NEW'))).toEqual({ kind: 'transient' });
    expect(handshakeFailure(new Error('Unauthorized (401)'))).toEqual({ kind: 'transient' });
    expect(handshakeFailure(null)).toEqual({ kind: 'transient' });
  });
});

describe('a window the relay dropped as a slow consumer', () => {
  it('reconnects and says why: the 4008 close sets `slow` until it is connected again; any other drop does not', () => {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const port = {
      connected: false,
      connect: () => undefined,
      disconnect: () => undefined,
      on: (event: string, listener: (...args: unknown[]) => void) => void listeners.set(event, listener),
      request: () => Promise.reject(new Error('not used')),
    } as unknown as SocketPort;
    let state: ConnectionState = initialConnection;
    const retries: Array<() => void> = [];
    const link = createLink({
      createSocket: () => port,
      schedule: (fn) => retries.push(fn),
      cancel: () => undefined,
      isOnline: () => true,
      connection: () => state,
      dispatch: (event) => (state = connectionReducer(state, event)),
      listen: () => undefined,
      up: () => undefined,
      down: () => undefined,
      refused: () => undefined,
      unauthorized: () => undefined,
    });
    link.start();
    listeners.get('connect')!();
    expect(state).toEqual({ status: 'connected' });

    listeners.get('disconnect')!('transport close', {
      description: 'websocket connection closed',
      context: { code: SLOW_CONSUMER_CLOSE_CODE },
    });
    expect(state).toMatchObject({ status: 'reconnecting', slow: true });
    expect(retries).toHaveLength(1);
    listeners.get('connect')!();
    expect(state).toEqual({ status: 'connected' });

    listeners.get('disconnect')!('transport close', { description: 'websocket connection closed', context: { code: 1006 } });
    expect(state).toMatchObject({ status: 'reconnecting' });
    expect(state).not.toHaveProperty('slow');
    listeners.get('disconnect')!('ping timeout');
    expect(state).not.toHaveProperty('slow');
  });
});
