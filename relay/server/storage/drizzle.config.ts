import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations for the one schema; PGlite and PostgreSQL both run them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './relay/server/storage/schema.ts',
  out: './relay/server/storage/migrations',
});
