import { describe, expect, it } from 'vitest';

import { onlineChecker } from './commandForward';

/** A stand-in for the instances table: answers from `online`, recording each query's instances. */
function fakeInstances(online: Record<string, boolean>) {
  const queries: string[][] = [];
  let fail = false;
  return {
    get asked() {
      return queries.flat();
    },
    queries,
    failNext: () => (fail = true),
    find: async (ids: readonly string[]) => {
      queries.push([...ids]);
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      return new Set(ids.filter((id) => online[id]));
    },
  };
}

describe('onlineChecker (a forwarded command slow to be answered checks its instance once a second at most)', () => {
  it('asks the database once per instance within the TTL, concurrent askers sharing the query', async () => {
    let now = 1_000;
    const instances = fakeInstances({ a: true, b: false });
    const check = onlineChecker(instances.find, 1_000, () => now);
    expect(await Promise.all([check('a'), check('a'), check('b')])).toEqual([true, true, false]);
    now += 999;
    expect(await check('a')).toBe(true);
    expect(await check('b')).toBe(false);
    expect(instances.asked).toEqual(['a', 'b']);
    now += 1;
    expect(await check('a')).toBe(true);
    expect(instances.asked).toEqual(['a', 'b', 'a']);
  });

  it('sees an instance go offline once its answer is older than the TTL', async () => {
    let now = 0;
    const online: Record<string, boolean> = { a: true };
    const instances = fakeInstances(online);
    const check = onlineChecker(instances.find, 1_000, () => now);
    expect(await check('a')).toBe(true);
    online.a = false;
    now = 500;
    expect(await check('a')).toBe(true);
    now = 1_000;
    expect(await check('a')).toBe(false);
  });

  it('a failed query counts as online (the command waits for the CLI’s node, as without the check)', async () => {
    const instances = fakeInstances({ a: false });
    instances.failNext();
    let now = 0;
    const check = onlineChecker(instances.find, 1_000, () => now);
    expect(await check('a')).toBe(true);
    now = 1_000;
    expect(await check('a')).toBe(false);
  });

  it('asks for all the instances asked in one turn in one query (many slow commands at once)', async () => {
    const instances = fakeInstances({ a: true, c: true });
    const check = onlineChecker(instances.find, 1_000, () => 0);
    const answers = Promise.all(['a', 'b', 'c', 'a'].map((id) => check(id)));
    expect(await answers).toEqual([true, false, true, true]);
    expect(instances.queries).toEqual([['a', 'b', 'c']]);
    // The next turn's new instance: a query of its own.
    expect(await check('d')).toBe(false);
    expect(instances.queries).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
