import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The folder of this file, so the build works whatever directory it is started from. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  server: {
    // The API runs on its own port in development; the browser sees one origin, as in production.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: served publicly, they would hand out the whole source.
    sourcemap: false,
    // scripts/landing-js-size.ts reads it to measure what the landing page downloads.
    manifest: true,
  },
});
