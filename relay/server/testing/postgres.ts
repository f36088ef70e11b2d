import { randomBytes } from 'node:crypto';

import pg from 'pg';

/**
 * A throw-away PostgreSQL database for tests: `tern_test_<random>` on the server of TEST_DATABASE_URL (default: the
 * local trust-auth server, database `test`, user postgres then root). Returns null when no server answers and CI is
 * unset; under CI an unreachable server is an error, because CI starts one.
 */
export interface TestPostgres {
  url: string;
  drop(): Promise<void>;
}

const candidates = () =>
  process.env.TEST_DATABASE_URL
    ? [process.env.TEST_DATABASE_URL]
    : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/postgres'];

async function connectAdmin(): Promise<{ client: pg.Client; base: string } | { error: string }> {
  const errors: string[] = [];
  for (const base of candidates()) {
    const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return { client, base };
    } catch (error) {
      errors.push(`${base.replace(/:[^:@/]*@/, ':***@')}: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  return { error: errors.join('; ') };
}

export async function createTestPostgres(): Promise<TestPostgres | null> {
  const admin = await connectAdmin();
  if ('error' in admin) {
    if (process.env.CI) throw new Error(`PostgreSQL is required in CI but unreachable: ${admin.error}`);
    console.warn(`Skipping PostgreSQL storage tests: PostgreSQL unreachable (${admin.error}). Set CI=1 to make this an error.`);
    return null;
  }
  const name = `tern_test_${randomBytes(6).toString('hex')}`;
  await admin.client.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin.base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        // pg's Pool.end() resolves before its connections have closed, and FORCE would end them under their clients:
        // an error event in a client the pool has already let go (an uncaught error in the test process). Give the
        // closing ones a moment first; a test that leaves connections open (a killed relay's) still gets its drop.
        for (let waited = 0; waited < 1500; waited += 25) {
          const { rows } = await admin.client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.client.end();
      }
    },
  };
}
