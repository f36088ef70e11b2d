// `npm start`: install if needed, build if stale, then serve the PWA and the relay on PORT (default 8080).
import { ensureBuild, ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
ensureBuild();
process.exit(run(process.execPath, ['--import', 'tsx', 'relay/server/main.ts'], { cwd: root }));
