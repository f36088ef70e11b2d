// The relay the site benches measure (started by tests/bench/lighthouseServer.mjs): the ordinary relay app over a
// built site, configured from the environment (PORT, HOST, STATIC_DIR, DATA_DIR), stopped by SIGTERM.
import { createRelay } from '../../relay/server/app';
import { loadConfig } from '../../relay/server/config';

const config = loadConfig();
const app = await createRelay({ config, version: 'bench' });
await app.listen({ port: config.PORT, host: config.HOST });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
