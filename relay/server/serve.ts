import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createRelay } from './app';
import { loadConfig } from './config';
import { drainOnSignals } from './lifecycle';
import { startupDone } from './startHeap';

/** The project's package.json: two folders up from the source, three from the compiled dist/.relay/serve.js. */
function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'tern-web' && pkg.version) return pkg.version;
  }
  return '0.0.0';
}

const config = loadConfig();
mkdirSync(config.DATA_DIR, { recursive: true });

const app = await createRelay({ config, version: packageVersion() });
await app.listen({ port: config.PORT, host: config.HOST });
startupDone();
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(
  `\n  Tern is running at http://${shown}:${port}\n  Data: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.DATA_DIR}\n`,
);

// SIGTERM / SIGINT: drain (docs/deploy.md), then exit; a second signal exits at once.
drainOnSignals(app, { timeoutMs: config.DRAIN_TIMEOUT_MS });
