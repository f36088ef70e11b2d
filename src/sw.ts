/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest). Precache and offline navigation live here, at the top, so
 * they are easy to find: the build injects the precache list (globPatterns in vite.config.ts) into
 * self.__WB_MANIFEST; every navigation outside the API prefixes is answered with the precached /index.html, so
 * /remote opens offline. Push notifications and approving from a notification: src/sw/push.ts.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

import { registerPushHandlers } from './sw/push';

declare const self: ServiceWorkerGlobalScope;

/** Navigations to these prefixes go to the network (API, auth, sockets, checkout), never to the app shell. */
const NAVIGATE_FALLBACK_DENYLIST = [/^\/(api|web-api|cli-api|auth|socket\.io|healthz|sandbox|checkout)(\/|$)/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATE_FALLBACK_DENYLIST }));
// Highlighting grammars and themes are left out of the precache (vite.config.ts globIgnores): each is fetched the
// first time a code block needs it and served from this cache from then on (file names carry a content hash).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/grammars/'),
  new CacheFirst({ cacheName: 'tern-grammars', plugins: [new ExpirationPlugin({ maxEntries: 250 })] }),
);

// A new deployment waits until the page accepts the update prompt (registerSW.ts → workbox-window messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerPushHandlers(self);
