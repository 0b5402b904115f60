import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The folder of this file, so the build works whatever directory it is started from. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** Brand green (brand-700): the phone's status bar and the splash screen of the installed app. */
const THEME_COLOUR = '#006a4e';

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    // The web app manifest and the service worker (src/sw.ts; policy in docs/decisions/0015-service-worker.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by src/lib/service-worker.ts, in production builds only.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Poisha — digital wallet',
        short_name: 'Poisha',
        description: 'Send money by phone number, add money from your bank or card, and see every payment.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOUR,
        background_color: '#f8fafc',
        categories: ['finance'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: the page, its code, styles, texts and the icons. Photos on the public
        // pages are left to the browser's own cache.
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg', 'icons/*.png', 'manifest.webmanifest'],
        // The password-strength estimator (megabytes of dictionaries) is fetched by the forms that
        // set a password, not stored on every phone that opens the app.
        globIgnores: ['assets/password-strength.worker-*.js', 'assets/password-estimator-*.js'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    // The API runs on its own port in development; the browser sees one origin, as in production.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    // `npm run build` gives each build a fresh folder and switches dist to it when complete
    // (scripts/start/web-build-switch.ts, decision 0038); a bare `vite build` writes dist.
    outDir: process.env.WEB_BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // No source maps in the build: served publicly, they would hand out the whole source.
    sourcemap: false,
    // scripts/landing-js-size.ts reads it to measure what the landing page downloads.
    manifest: true,
  },
});
