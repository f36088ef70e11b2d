import type * as BillingProtocol from '#protocol/billing';

/**
 * Loads the billing protocol schemas (and zod with them) on demand. zod's jitless mode, which the CSP needs, is set
 * once for the whole app before anything else runs (src/shared/lib/zodJitless.ts, imported first by src/main.tsx).
 */
let loading: Promise<typeof BillingProtocol> | null = null;

export function loadBillingSchemas(): Promise<typeof BillingProtocol> {
  loading ??= import('#protocol/billing');
  return loading;
}
