// The Node options the relay runs with: `npm start` (package.json), the deploy docs' command, and every relay the
// benchmarks start (scripts/bench.mjs, relay/server/testing/relayChild.ts, tests/bench/memory.ts).
// scripts/relayNodeFlags.test.ts checks that package.json and docs/deploy.md say the same.
//
// `--max-semi-space-size=64`: V8's young generation may grow to two 64 MB semi-spaces instead of 16 MB ones. Under load
// a relay's objects live as long as a round trip in flight (an input waiting for its commit, a batch being stored:
// tens of ms at 100 pairs), which is about as long as 16 MB lasted between scavenges: every scavenge copied them, and
// promoted a MB or so to the old generation. With 64 MB, fewer of them are still alive when a scavenge comes. Measured
// with --trace-gc over the bench's 100-pair loop on PostgreSQL: 149 scavenges taking 635 ms against 71 taking 400 ms,
// and 9 % less CPU per round trip in four alternated runs (docs/performance.md, session 22). The young generation only
// grows under load (startHeap.ts keeps it at its first size while the relay starts) and V8's memory reducer shrinks it
// again once the load is gone, so an idle relay's memory is the same.
export const RELAY_NODE_FLAGS = ['--max-semi-space-size=64'];
