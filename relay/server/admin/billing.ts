import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { AppError } from '../core/appError';
import {
  type BillingDeps,
  createPaymentProvider,
  createPromoCodes,
  defaultBillingSettings,
  findUserByEmail,
  grantCredits,
  refundOrder,
  seedCatalog,
} from '../core/billing';
import { addDays } from '../core/billing/ledger';
import { openStorage, storageOptions } from '../storage/database';

/** Operator commands for billing; dispatched from relay/server/admin.ts. */
export const BILLING_USAGE = `  npm run admin -- promo-create --credits <n> --count <k> [--days <validity, default 30>] [--prefix <P>] [--code-expires <YYYY-MM-DD>]
  npm run admin -- order-refund --order <order id>          (paid orders, within 7 days of payment)
  npm run admin -- grant-credits --email <email> --credits <n> [--days <validity, default 30>] [--note <text>]`;

export const BILLING_COMMANDS: readonly string[] = ['promo-create', 'order-refund', 'grant-credits'];

const positiveInt = (name: string, value: string | undefined, fallback?: number): number => {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0) throw new AppError(400, 'VALIDATION_ERROR', `--${name} must be a positive integer`);
  return n;
};

/** Runs one billing command on `deps`; returns the exit code. Lines go to `out`. */
export async function runBillingCommand(argv: string[], deps: BillingDeps, out: (line: string) => void): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      credits: { type: 'string' },
      count: { type: 'string' },
      days: { type: 'string' },
      prefix: { type: 'string' },
      'code-expires': { type: 'string' },
      order: { type: 'string' },
      email: { type: 'string' },
      note: { type: 'string' },
    },
  });
  const command = positionals[0];
  try {
    if (command === 'promo-create') {
      const expires = values['code-expires'];
      const codeExpiresAt = expires ? new Date(`${expires}T23:59:59.999Z`) : null;
      if (codeExpiresAt && Number.isNaN(codeExpiresAt.getTime()))
        throw new AppError(400, 'VALIDATION_ERROR', '--code-expires must be YYYY-MM-DD');
      const codes = await createPromoCodes(deps.db, {
        credits: positiveInt('credits', values.credits),
        count: positiveInt('count', values.count),
        days: positiveInt('days', values.days, 30),
        prefix: values.prefix,
        codeExpiresAt,
        now: deps.now(),
      });
      for (const code of codes) out(code);
      out(`${codes.length} promo code(s) created`);
      return 0;
    }
    if (command === 'order-refund') {
      if (!values.order) throw new AppError(400, 'VALIDATION_ERROR', '--order is required');
      const order = await refundOrder(deps, values.order.trim());
      out(
        `Refunded order ${order.id} (${order.productName}, ${(order.amountMinor / 100).toFixed(2)} ${order.currency}); its remaining credits are void`,
      );
      return 0;
    }
    if (command === 'grant-credits') {
      if (!values.email) throw new AppError(400, 'VALIDATION_ERROR', '--email is required');
      const user = await findUserByEmail(deps.db, values.email);
      if (!user) throw new AppError(404, 'USER_NOT_FOUND', `No user with e-mail ${values.email.trim().toLowerCase()}`);
      const credits = positiveInt('credits', values.credits);
      const now = deps.now();
      const grant = await grantCredits(deps.db, {
        userId: user.id,
        sourceType: 'operator',
        sourceId: `operator:${now.toISOString()}:${user.id}`,
        credits,
        effectiveFrom: now,
        expiresAt: addDays(now, positiveInt('days', values.days, 30)),
        note: values.note ?? null,
      });
      out(`Granted ${credits} credits to ${user.email} until ${grant?.expiresAt?.toISOString() ?? '-'} (grant ${grant?.id ?? '-'})`);
      return 0;
    }
    out(`Unknown billing command: ${command ?? ''}`);
    return 2;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** `npm run admin -- <billing command>` on the relay's storage (see admin.ts). */
export async function runBillingAdmin(argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const config = loadConfig(env);
  const storage = await openStorage(storageOptions(config, { upkeep: false }));
  try {
    await seedCatalog(storage.db);
    const deps: BillingDeps = {
      db: storage.db,
      now: () => new Date(),
      provider: createPaymentProvider(config),
      settings: defaultBillingSettings,
    };
    return await runBillingCommand(argv, deps, out);
  } finally {
    await storage.close();
  }
}
