/**
 * The relay under end-to-end test: a fresh data directory, the built PWA, an operator-created internal account, and
 * a local TEST DOUBLE of Feishu's endpoints (relay/server/testing/feishuStandIn.ts) in place of the real Feishu.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runAdmin } from '../../relay/server/admin';
import { createRelay } from '../../relay/server/app';
import { loadConfig } from '../../relay/server/config';
import { openStorage, storageOptions } from '../../relay/server/storage/database';
import { promoCodes } from '../../relay/server/storage/schema';
import { startFeishuStandIn } from '../../relay/server/testing/feishuStandIn';
import { seedPgliteDataDir } from '../../relay/server/testing/pgliteTemplate';
import { E2E_CHEETAH, E2E_CHEETAH_ZH, E2E_PROMO_CODES } from './testAccounts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-e2e-'));
// On PGlite, a copy of the migrated template rather than initdb and every migration (seconds of CPU per start).
if (!process.env.DATABASE_URL) await seedPgliteDataDir(dataDir);
const feishu = await startFeishuStandIn();
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  FEISHU_APP_ID: feishu.appId,
  FEISHU_APP_SECRET: feishu.appSecret,
  FEISHU_BASE_URL: feishu.url,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // push.spec.ts: the push-service stand-in listens on http://127.0.0.1 (tests only; real endpoints must be https).
  PUSH_ALLOW_LOOPBACK_HTTP: '1',
};
for (const account of [E2E_CHEETAH, E2E_CHEETAH_ZH]) {
  const seeded = await runAdmin(
    ['cheetah-create', '--email', account.email, '--password', account.password, '--username', account.username],
    env,
  );
  if (seeded !== 0) throw new Error(`could not create the internal test account ${account.email}`);
}

const config = loadConfig(env);
// Promo codes the account specs redeem (operators create them with the backend's promo batch; here, known codes).
const storage = await openStorage(storageOptions(config));
await storage.db.insert(promoCodes).values(
  E2E_PROMO_CODES.map((p) => ({
    code: p.code,
    credits: p.credits,
    validityDays: p.days,
    batchId: 'e2e',
    expiresAt: p.expired ? new Date(Date.now() - 86_400_000) : null,
  })),
);
// Every spec signs users up and in from 127.0.0.1: the per-IP limits of those two scopes would turn parallel specs
// into 429s. The internal (cheetah) login keeps the real limit; auth.spec.ts checks its 429.
const app = await createRelay({ config, version: 'e2e', storage, authLimits: { perIpPerMinuteByScope: { signup: 500, tern: 500 } } });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`e2e relay on http://${config.HOST}:${config.PORT} (data ${dataDir}, Feishu stand-in ${feishu.url})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app.close().then(() => storage.close()), feishu.close()]).then(() => process.exit(0));
  });
}
