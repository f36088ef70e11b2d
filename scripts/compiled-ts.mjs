// Runs TypeScript compiled the way `npm start`'s relay is (scripts/build-relay.mjs: esbuild, no `keepNames`), for the
// benchmarks: `node --import ./scripts/compiled-ts.mjs tests/bench/roundtrip.ts`.
//
// tsx, which runs the tests and scripts, compiles with esbuild's `keepNames` (and an inline source map): every function
// made at run time, each closure of a handler included, gets a `__name(fn, "…")` call, which defines a property on it.
// Counted with tests/bench/instructions.ts: the relay's round trip run by tsx took about 7 % more instructions on the main
// thread than the same code compiled as the relay's build compiles it. The benchmarks measure what `npm start` runs.
//
// This file registers the hooks below (module.register); the hooks run in Node's loader thread.
import { register } from 'node:module';

register('./compiled-ts-hooks.mjs', import.meta.url);
