import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for a URL or a body: `bytes` random bytes, base64url. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored as SHA-256: a database leak does not hand out working tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
