#!/usr/bin/env node
// Launcher that works from any directory: registers tsx (resolved next to this file, not in the caller's cwd) and
// runs the TypeScript entry point. `node /path/to/relay/cli/tern.mjs --cloud`, or symlink it onto your PATH as `tern`.
import { register } from 'tsx/esm/api';

register();
await import('./bin.ts');
