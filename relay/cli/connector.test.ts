import { describe, expect, it } from 'vitest';

import { handshakeCode } from './acks';

const refused = (message: string, data?: unknown) => Object.assign(new Error(message), data === undefined ? {} : { data });

describe('handshake refusals', () => {
  it('reads the code from err.data, falling back to the message prefix of older relays', () => {
    expect(handshakeCode(refused('PROTOCOL_VERSION: speaks 1', { code: 'PROTOCOL_VERSION' }))).toBe('PROTOCOL_VERSION');
    expect(handshakeCode(refused('whatever', { code: 'UNAUTHORIZED' }))).toBe('UNAUTHORIZED');
    expect(handshakeCode(refused('UNAUTHORIZED: invalid or revoked CLI token'))).toBe('UNAUTHORIZED');
    expect(handshakeCode(refused('INTERNAL: server error'))).toBe('INTERNAL');
    expect(handshakeCode(refused('websocket error'))).toBeNull();
    expect(handshakeCode(refused('NOPE: x', { code: 'NOPE' }))).toBeNull();
  });
});
