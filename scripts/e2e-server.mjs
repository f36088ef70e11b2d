// The relay under test: a fresh data directory per run, the built PWA, no external services.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { root, run } from './lib.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tern-e2e-'));
process.exit(run(process.execPath, ['--import', 'tsx', 'relay/server/main.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } }));
