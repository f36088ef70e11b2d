// Must stay the first import: zod's jitless mode has to be on before the protocol module builds its schemas.
import '../../../shared/lib/zodJitless';

/**
 * The account protocol (relay/protocol/account.ts) for the account screens. Re-exported here so every screen
 * imports it through the one module that switches zod to jitless first: zod's object fast path probes
 * `new Function`, which the relay's CSP (script-src 'self') forbids and reports as a violation.
 */
export * from '#protocol/account';
