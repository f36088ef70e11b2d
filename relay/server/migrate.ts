/**
 * Applies the database migrations and exits (docs/deploy.md): `npm run db:migrate` in development, or
 * `node dist/.relay/migrate.js` next to the compiled relay, as a release step run once before starting N nodes.
 * (Every node also migrates at start under a PostgreSQL advisory lock, so this is optional, not a requirement.)
 */
import { loadConfig } from './config';
import { openStorage, storageOptions } from './storage/database';

const config = loadConfig();
const storage = await openStorage(storageOptions(config));
await storage.close();
console.info(`Migrations applied (${storage.kind === 'postgres' ? 'PostgreSQL, DATABASE_URL' : `PGlite in ${config.DATA_DIR}`}).`);
