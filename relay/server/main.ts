import { mkdirSync, readFileSync } from 'node:fs';

import { createRelay } from './app';
import { loadConfig } from './config';

const config = loadConfig();
mkdirSync(config.DATA_DIR, { recursive: true });
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const app = await createRelay({ config, version });
await app.listen({ port: config.PORT, host: config.HOST });
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`\n  Tern is running at http://${shown}:${port}\n  Data: ${config.DATA_DIR}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
