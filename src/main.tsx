import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { installLoginBroadcast } from './features/auth/broadcast';
import { refreshAuth, watchAuthAcrossTabs } from './shared/auth/session';
import { initI18n } from './shared/i18n';
import { parsePathname } from './shared/i18n/languages';
import { installChunkErrorHandler } from './shared/lib/chunkReload';
import { registerServiceWorker } from './shared/pwa/registerSW';
import { applyTheme } from './shared/ui/theme';

applyTheme();
installChunkErrorHandler();
refreshAuth();
watchAuthAcrossTabs();
installLoginBroadcast();

const parsed = parsePathname(location.pathname);
await initI18n(parsed.kind === 'ok' ? parsed.lang : 'en');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
