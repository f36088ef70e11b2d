import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { changelogCategories, changelogResponseSchema, errorBodySchema } from '../../protocol';
import { createRelay } from '../app';
import { loadConfig } from '../config';
import { RELAY_START_TIMEOUT_MS } from '../testing/testRelay';

describe('GET /api/changelog', () => {
  let app: FastifyInstance;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tern-changelog-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'dist') });
    app = await createRelay({ config, version: 'test' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, RELAY_START_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }, RELAY_START_TIMEOUT_MS);

  it('answers the first page in English by default, newest first, valid against the protocol', async () => {
    const res = await fetch(`${base}/api/changelog`);
    expect(res.status).toBe(200);
    const body = changelogResponseSchema.parse(await res.json());
    expect(body.data.lang).toBe('en');
    expect(body.data.page).toBe(1);
    expect(body.data.entries.length).toBeGreaterThan(0);
    expect(body.data.entries.length).toBeLessThanOrEqual(body.data.pageSize);
    const dates = body.data.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data.entries[0]!.title).toMatch(/[A-Za-z]/);
  });

  it('serves Chinese with the same releases', async () => {
    const [en, zh] = await Promise.all(
      ['en', 'zh'].map(async (lang) =>
        changelogResponseSchema.parse(await (await fetch(`${base}/api/changelog?lang=${lang}&pageSize=50`)).json()),
      ),
    );
    expect(zh!.data.lang).toBe('zh');
    expect(zh!.data.entries.map((e) => e.version)).toEqual(en!.data.entries.map((e) => e.version));
    expect(zh!.data.entries[0]!.title).toMatch(/[\u4e00-\u9fff]/);
    // Every release lists something, and both languages list the same number of changes per category.
    for (const [i, entry] of en!.data.entries.entries()) {
      expect(changelogCategories.some((c) => entry[c].length > 0)).toBe(true);
      for (const c of changelogCategories) expect(zh!.data.entries[i]![c]).toHaveLength(entry[c].length);
    }
  });

  it('pages with hasMore until the last release', async () => {
    const first = changelogResponseSchema.parse(await (await fetch(`${base}/api/changelog?lang=en&page=1&pageSize=2`)).json());
    expect(first.data.entries).toHaveLength(2);
    expect(first.data.hasMore).toBe(true);
    const lastPage = Math.ceil(first.data.total / 2);
    const last = changelogResponseSchema.parse(await (await fetch(`${base}/api/changelog?lang=en&page=${lastPage}&pageSize=2`)).json());
    expect(last.data.hasMore).toBe(false);
    const beyond = changelogResponseSchema.parse(
      await (await fetch(`${base}/api/changelog?lang=en&page=${lastPage + 1}&pageSize=2`)).json(),
    );
    expect(beyond.data.entries).toEqual([]);
  });

  it('rejects an unsupported language or a bad page with a 400 error body', async () => {
    for (const query of ['lang=fr', 'page=0', 'pageSize=500', 'page=abc']) {
      const res = await app.inject({ method: 'GET', url: `/api/changelog?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body.code).toBe('BAD_REQUEST');
    }
  });
});
