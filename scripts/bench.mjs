// `npm run bench`: the benchmarks. Speed and memory targets are measured here, never by timed assertions in tests.
//
//   npm run bench                  # remote round trip (vs raw ws and bare Socket.IO floors) + memory per pair
//   npm run bench -- lighthouse    # also Lighthouse (median of 3) on the issue #16 pages (builds when stale)
//
// Every run ends with the site's bundle-size report (tests/bench/bundle-size.mjs): JS and critical CSS of a first
// visit on a phone against the issue #16 budgets, and the installed console's repeat visit (0 network requests).
//
// Every run also opens a 10,000-event session in the built PWA (tests/bench/timeline.ts, Chromium, desktop and phone):
// time to the latest message, rows in the DOM, frame times while scrolling. The app is built first when stale.
//
// Results print to the terminal and land in reports/bench/ and reports/lighthouse/.
import { spawnSync } from 'node:child_process';

import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const withLighthouse = process.argv.includes('lighthouse');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

// The relay's code compiled as `npm start`'s build compiles it (scripts/compiled-ts.mjs), not by tsx.
let status = run(['--expose-gc', '--import', './scripts/compiled-ts.mjs', 'tests/bench/roundtrip.ts']);
ensureBuild();
status ||= run(['--import', 'tsx', 'tests/bench/timeline.ts']);
if (withLighthouse) status ||= run(['tests/bench/lighthouse.mjs']);
status = run(['tests/bench/bundle-size.mjs']) || status;
process.exit(status);
