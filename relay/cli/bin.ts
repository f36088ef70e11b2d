#!/usr/bin/env -S node --import tsx
/** `tern` — run with `npx tsx relay/cli/bin.ts --cloud` or `node --import tsx relay/cli/bin.ts --cloud`. */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  return 1;
});
if (process.exitCode !== undefined && process.argv.includes('--cloud')) process.exit(process.exitCode);
