import type * as BillingProtocol from '../../../relay/protocol/billing';

/**
 * Loads the billing protocol schemas (and zod with them) on demand. zod's object fast path probes `new Function`,
 * which the relay's CSP (script-src 'self') forbids and reports as a violation; jitless mode, set before any schema
 * is built, skips the probe.
 */
let loading: Promise<typeof BillingProtocol> | null = null;

export function loadBillingSchemas(): Promise<typeof BillingProtocol> {
  loading ??= import('zod').then(({ z }) => {
    z.config({ jitless: true });
    return import('../../../relay/protocol/billing');
  });
  return loading;
}
