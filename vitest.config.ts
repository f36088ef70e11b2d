import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'relay/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    pool: 'forks',
    testTimeout: 20000,
    // A relay opens its PGlite database in createRelay (3-4 s, more on a busy machine): beforeAll hooks need room.
    hookTimeout: 120000,
  },
});
