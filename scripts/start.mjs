// `npm start`: install if needed, build the app and compile the relay if stale, then run the compiled relay (plain
// node, no TypeScript at run time) serving the PWA and the relay on PORT (default 8080), data in DATA_DIR (./data).
import { pathToFileURL } from 'node:url';

import { ensureBuild, ensureDependencies, ensureRelayBuild, relayEntry } from './lib.mjs';

ensureDependencies();
ensureBuild();
await ensureRelayBuild();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(relayEntry).href);
