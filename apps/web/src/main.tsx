// First: it configures zod before any chunk builds a schema.
import './lib/zod-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutesOf } from './app/router';
import { markAppReady } from './lib/app-ready';
import { startLanguage, startupTextsLoaded } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { takeSessionFromPage } from './session';

export { appReady } from './lib/app-ready';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A signed-in page carries its session (decision 0021): no round trip before the first screen.
const session = takeSessionFromPage();

const app = (
  <StrictMode>
    <App session={session} />
  </StrictMode>
);

if (root.dataset.prerendered === startLanguage) {
  // The server sent this page prerendered in the reader's language: React takes over its HTML.
  hydrateRoot(root, app);
} else {
  // Any other page, or a prerendered one in the other language: rendered here. What #root shows
  // meanwhile (index.html's loading top bar, or the page in the other language) stays until React
  // commits the app's first screen, which replaces the container's children.
  const render = () => {
    delete root.dataset.prerendered;
    // As a transition React renders in slices of a few milliseconds, giving the browser the main
    // thread in between, rather than in one long task (the whole dashboard at once: 700 ms on
    // Lighthouse's slowed-down phone, all of it blocking).
    startTransition(() => createRoot(root).render(app));
    markAppReady();
  };
  // Signed in from the start, the screen's code and texts download together with the startup
  // texts, and the app renders once all are here: the screen appears in one go, with no loading
  // screen before it (which would also hold it back by React's 300 ms throttle of revealed content).
  if (session) void Promise.all([startupTextsLoaded, preloadRoutesOf(window.location.pathname)]).then(render, render);
  else render();
}

registerServiceWorker();
