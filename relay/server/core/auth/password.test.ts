import { describe, expect, it } from 'vitest';

import { burnPasswordCheck, DEFAULT_SCRYPT, hashPassword, verifyPassword } from './password';

const cheap = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('hashes with the production cost and verifies', async () => {
    const hash = await hashPassword('correct horse battery', DEFAULT_SCRYPT);
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same', cheap), hashPassword('same', cheap)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash', async () => {
    const hash = await hashPassword('pw-12345', cheap);
    expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw-12345', hash)).toBe(true);
  });

  it('normalises Unicode so the same password typed differently matches', async () => {
    const hash = await hashPassword('caf\u00e9-pass', cheap);
    expect(await verifyPassword('cafe\u0301-pass', hash)).toBe(true);
  });

  it('verifies nothing against malformed or hostile stored values', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$2$3',
      'bcrypt$x$y$z$a$b',
      'scrypt$16384$8$1$$',
      'scrypt$9999999999$8$1$YQ$YQ',
      'scrypt$abc$8$1$YQ$YQ',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('burns the same work for unknown accounts', async () => {
    await expect(burnPasswordCheck('whatever', cheap)).resolves.toBeUndefined();
  });
});
