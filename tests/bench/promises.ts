/**
 * Promises made per round trip (issue #15): the same one-pair browser → relay → CLI → relay → browser round as
 * tests/bench/roundtrip.ts, with every promise the process makes counted (node:v8 `promiseHooks`). Each promise is a
 * turn of the microtask queue at least (a reaction job), and an allocation; the CPU profiles put the microtask queue's
 * own work at 7-13 % of a round's busy time. Unlike time or instructions, the count is the same from run to run (to a
 * fraction of a promise: the group commit's statement makes ~14 of its own, and how many rounds share one commit
 * moves a little), so a change to the relay's path shows at once. Seconds, not minutes.
 *
 *   npm run bench:promises                                     # the floor and Tern on PostgreSQL and PGlite (~1 min)
 *   PR_CASES=pg PR_SITES=1 npm run bench:promises              # one case, with where its promises are made
 *
 * The counts include the benchmark's own: a round's promise and the loop's await (2 per round, in the floor too).
 */
import { promiseHooks } from 'node:v8';

import { floorLoop, type Loop, ternLoop } from './loops';

const WARMUP = 500;
const ROUNDS = 1000;
const CASES = (process.env.PR_CASES ?? 'floor,pg,pglite').split(',').map((c) => c.trim());
const SITES = Boolean(process.env.PR_SITES);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Where a promise was made: the first frames of its stack, paths from the project's folders on. */
function site(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(3, 6);
  return frames.map((l) => l.trim().replace(/\(.*\/(relay|node_modules|tests)\//, '($1/')).join(' < ');
}

async function count(name: string, loop: Loop): Promise<void> {
  await loop.run(WARMUP);
  await loop.settle();
  let made = 0;
  const sites = new Map<string, number>();
  const stop = promiseHooks.createHook({
    init: () => {
      made++;
      if (SITES) {
        const at = site();
        sites.set(at, (sites.get(at) ?? 0) + 1);
      }
    },
  });
  await loop.run(ROUNDS);
  await loop.settle();
  stop();
  await loop.close();
  console.log(`  ${name.padEnd(28)} 1 pair: ${(made / ROUNDS).toFixed(1)} promises per round`);
  for (const [at, n] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`      ${(n / ROUNDS).toFixed(2)}  ${at}`);
}

console.log(
  `Promises made per round trip: ${WARMUP} warm-up rounds, ${ROUNDS} counted${SITES ? ' (with stacks: slower, so fewer rounds per commit)' : ''}`,
);
for (const key of CASES) {
  if (key === 'floor') await count('bare Socket.IO relay (floor)', await floorLoop());
  else if (key === 'pg') await count('Tern, PostgreSQL', await ternLoop(DATABASE_URL));
  else if (key === 'pglite') await count('Tern, PGlite', await ternLoop());
  else throw new Error(`unknown PR_CASES entry: ${key} (known: floor, pg, pglite)`);
}
process.exit(0);
