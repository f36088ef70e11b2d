// Where npm test, the end-to-end suite, scripts/shot.mjs and the PWA benchmark find Debian's Chromium, and how they
// start it. .ci/run (bash) names the same two paths.
import { existsSync } from 'node:fs';

/** Debian's full Chromium (package chromium), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell (package chromium-headless-shell): the same Chromium without the desktop browser around it. */
export const headlessShellPath = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The full browser: what the push specs need (the shell denies notifications). */
export const chromiumLaunch = { executablePath: chromiumPath, args: chromiumArgs };

/**
 * The headless shell where it is installed and CHROMIUM_PATH is unset, else the full browser. On 2 cores the
 * end-to-end suite took 9.7 min on it against 18.1 on the full browser, whose browser and compositor processes took
 * over half the CPU.
 */
export const shellLaunch =
  !process.env.CHROMIUM_PATH && existsSync(headlessShellPath) ? { executablePath: headlessShellPath, args: chromiumArgs } : chromiumLaunch;
