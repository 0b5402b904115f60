// First: it configures zod before any chunk builds a schema.
import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { markAppReady } from './lib/app-ready';
import { startLanguage } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

export { appReady } from './lib/app-ready';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.dataset.prerendered === startLanguage) {
  // The server sent this page prerendered in the reader's language: React takes over its HTML.
  hydrateRoot(root, app);
} else {
  // Any other page, or a prerendered one in the other language: rendered here.
  root.replaceChildren();
  delete root.dataset.prerendered;
  createRoot(root).render(app);
  markAppReady();
}

registerServiceWorker();
