import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config';
import { storageOptions } from './database';

const CWD = path.resolve('/srv/tern');

describe('storageOptions', () => {
  it("takes the database, the data directory and the threads' priority from the config", () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.internal/tern', DATA_DIR: 'var', DB_WORKER_NICE: '4' }, CWD);
    expect(storageOptions(config)).toEqual({
      databaseUrl: 'postgres://db.internal/tern',
      dataDir: path.join(CWD, 'var'),
      workerNice: 4,
    });
  });

  it("PGlite by default (no DATABASE_URL), at the config's default priority", () => {
    const config = loadConfig({}, CWD);
    expect(storageOptions(config)).toEqual({ databaseUrl: undefined, dataDir: path.join(CWD, 'data'), workerNice: config.DB_WORKER_NICE });
  });

  it('adds what the caller chooses (upkeep, the statement worker)', () => {
    const config = loadConfig({ DB_WORKER_NICE: '0' }, CWD);
    expect(storageOptions(config, { upkeep: false, statementWorker: false })).toEqual({
      databaseUrl: undefined,
      dataDir: path.join(CWD, 'data'),
      workerNice: 0,
      upkeep: false,
      statementWorker: false,
    });
  });
});
