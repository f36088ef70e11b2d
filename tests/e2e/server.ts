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
import { startFeishuStandIn } from '../../relay/server/testing/feishuStandIn';
import { E2E_CHEETAH, E2E_CHEETAH_ZH } from './testAccounts';


const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-e2e-'));
const feishu = await startFeishuStandIn();
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  FEISHU_APP_ID: feishu.appId,
  FEISHU_APP_SECRET: feishu.appSecret,
  FEISHU_BASE_URL: feishu.url,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
for (const account of [E2E_CHEETAH, E2E_CHEETAH_ZH]) {
  const seeded = await runAdmin(['cheetah-create', '--email', account.email, '--password', account.password, '--username', account.username], env);
  if (seeded !== 0) throw new Error(`could not create the internal test account ${account.email}`);
}

const config = loadConfig(env);
const app = await createRelay({ config, version: 'e2e' });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`e2e relay on http://${config.HOST}:${config.PORT} (data ${dataDir}, Feishu stand-in ${feishu.url})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([app.close(), feishu.close()]).then(() => process.exit(0));
  });
}
