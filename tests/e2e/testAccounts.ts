/** The internal (cheetah) account the e2e server creates with the operator command before the relay starts. */
export const E2E_CHEETAH = { email: 'ops@corp.example', password: 'CorrectHorse9', username: 'Ops Engineer' };
/** A second internal account for the Chinese run: each run locks its own account at the end. */
export const E2E_CHEETAH_ZH = { email: 'ops-zh@corp.example', password: 'CorrectHorse9', username: '运维工程师' };
/** Promo codes the e2e server seeds before the relay starts (tests/e2e/account*.spec.ts redeem them, each once). */
export const E2E_PROMO_CODES: readonly { code: string; credits: number; days: number; expired?: boolean }[] = [
  { code: 'E2E-PROMO-ONCE', credits: 500, days: 30 },
  { code: 'E2E-PROMO-PHONE', credits: 300, days: 30 },
  { code: 'E2E-PROMO-ZH', credits: 800, days: 30 },
  { code: 'E2E-PROMO-SHOT', credits: 100, days: 30 },
  { code: 'E2E-PROMO-OLD', credits: 100, days: 30, expired: true },
];
