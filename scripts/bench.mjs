// `npm run bench`: the benchmarks. Speed and memory targets are measured here, never by timed assertions in tests.
//
//   npm run bench                  # remote round trip (vs raw ws and bare Socket.IO floors) + memory per pair
//   npm run bench -- lighthouse    # also Lighthouse on the marketing pages (builds when stale)
//
// Results print to the terminal and land in reports/bench/ and reports/lighthouse/.
import { spawnSync } from 'node:child_process';

import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const withLighthouse = process.argv.includes('lighthouse');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

let status = run(['--expose-gc', '--import', 'tsx', 'tests/bench/roundtrip.ts']);
if (withLighthouse) status ||= run(['tests/bench/lighthouse.mjs', '/', '/pricing', '/install']);
process.exit(status);
