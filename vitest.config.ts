import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Tests run shell commands (`!cmd`, the agent's run_command) in login shells. An empty HOME keeps them off this
// machine's profile: a pyenv init there takes a lock that a test interrupting `!sleep 30` mid-profile left stale, and
// every later login shell waited on it.
const testHome = mkdtempSync(join(tmpdir(), 'tern-test-home-'));

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'relay/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    env: { HOME: testHome },
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, which left ~45 % of it idle
    // (files wait on sockets, timers and child processes). Two there took the suite from 9.9 to 6.5 min.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20000,
    // A relay opens its PGlite database in createRelay (3-4 s, more on a busy machine): beforeAll hooks need room.
    hookTimeout: 120000,
  },
});
