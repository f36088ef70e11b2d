// The relay's entry point (npm start, and node dist/.relay/main.js once built). The relay itself is serve.ts, loaded
// only after startHeap.ts has run: a module's static imports are all loaded (and the packages' code run) before its
// own code, and startHeap must come before them. The compiled relay keeps the three as modules of their own
// (scripts/build-relay.mjs).
import './startHeap';

await import('./serve');
