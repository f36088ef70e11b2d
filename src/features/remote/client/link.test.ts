import { describe, expect, it } from 'vitest';

import { handshakeFailure } from './link';

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
