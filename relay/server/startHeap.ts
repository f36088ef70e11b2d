// The relay's young generation kept at its first size while the relay starts; imported by main.ts before anything
// else (and, in the compiled relay, left out of the bundle so that it runs before the npm packages load: see
// scripts/build-relay.mjs).
//
// Starting, the relay loads its code and its packages' (Socket.IO, Fastify, drizzle, zod schemas, the site's content)
// and keeps nearly all of it. V8 reads that survival as a reason to grow the young generation, doubling it at each
// scavenge up to its maximum (two 16 MB semi-spaces on 64-bit Node 20): 32 MB reserved, most of it touched, that an
// idle relay then holds until V8's memory reducer gives it back 10-25 s later. With a growth factor of 1 while it
// starts, the young generation stays at its first size; from `startupDone()` (after listen) it grows as before under
// load. Measured on the compiled relay, PGlite, restarted: 152-157 MB RSS 10 s after start without this, 138-148 MB
// with it; the same ~135 MB either way once the memory reducer has run (docs/performance-sessions.md, session 18).
import v8 from 'node:v8';

const FLAG = 'semi-space-growth-factor';
/** V8's default growth factor (`node --v8-options`), put back once the relay listens. */
const DEFAULT_GROWTH = 2;

/** The operator's own setting (node --semi-space-growth-factor=N, or in NODE_OPTIONS) is left alone. */
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  arg.replace(/_/g, '-').startsWith(`--${FLAG}`),
);

if (!chosen) v8.setFlagsFromString(`--${FLAG}=1`);

/** The relay has started: its young generation grows with its load again. */
export function startupDone(): void {
  if (!chosen) v8.setFlagsFromString(`--${FLAG}=${DEFAULT_GROWTH}`);
}
