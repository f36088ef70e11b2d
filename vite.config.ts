import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import pkg from './package.json' with { type: 'json' };

// The installed app opens on the remote console; marketing pages stay reachable through the header.
export default defineConfig({
  // TERN_APP_VERSION stamps a build (a deployment's own version; the update-prompt e2e makes a second build with it).
  define: { __APP_VERSION__: JSON.stringify(process.env.TERN_APP_VERSION ?? pkg.version) },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Registration happens in src/shared/pwa/registerSW.ts through workbox-window, so no inline script
      // is injected and the CSP can forbid inline scripts.
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icons/favicon.svg', 'robots.txt'],
      manifest: {
        name: 'Tern',
        short_name: 'Tern',
        description:
          'Drive your tern --cloud coding assistant from your phone or any browser: follow each turn live, approve tool calls from a notification, pick up where you left off.',
        start_url: '/remote',
        scope: '/',
        display: 'standalone',
        background_color: '#0d1117',
        theme_color: '#0d1117',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press / right-click on the installed icon (issue #14).
        shortcuts: [
          { name: 'Console', short_name: 'Console', url: '/remote', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'New session', short_name: 'New', url: '/remote?new=session', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Dashboard', short_name: 'Dashboard', url: '/userinfo', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
        // The richer install dialog (Chrome on Android and desktop).
        screenshots: [
          { src: '/screenshots/console-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The remote console' },
          {
            src: '/screenshots/console-phone.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The console on a phone',
          },
        ],
      },
      // The service worker is src/sw.ts (precache, offline navigation, push); the build injects the precache list
      // matched by these patterns into it.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'install/**/*.md'],
        // Highlighting grammars and themes (shiki's for code blocks, refractor's for the diff view: ~110 chunks,
        // most of them languages embedded in markdown or html) are not precached: each loads the first time a
        // block needs it, and src/sw.ts caches it then.
        // The install dialog's screenshots (public/screenshots) are for the browser's store UI, not for offline use.
        globIgnores: ['assets/grammars/**', 'screenshots/**'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Highlighting grammars and themes go to assets/grammars/, which the precache leaves out (see globIgnores).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/](@shikijs[\\/](langs|themes)|refractor[\\/]lang)[\\/]/.test(id))
            ? 'assets/grammars/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/web-api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
