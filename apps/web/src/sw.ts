/// <reference lib="webworker" />
/**
 * Poisha's service worker (docs/decisions/0015-service-worker.md). It keeps the app shell (the
 * page, its code, styles, texts and icons) so the app opens without a network, and nothing else:
 * - it answers only GET requests of the app's own files: a route matches GET alone, and a request
 *   no route matches goes to the network untouched;
 * - it never answers, caches, queues or replays anything under /api: balances and statements are
 *   not kept on the phone, and a money-moving POST is sent by the page once (retried only by the
 *   page, with the same Idempotency-Key);
 * - page loads go to the network first, so a new release is seen at once; without a network (or
 *   after SHELL_WAIT_MS on a stalled one) the stored shell opens and says it is offline.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

const SHELL = '/index.html';
const SHELL_WAIT_MS = 6_000;
const API_PATH = /^\/api(\/|$)/;

async function stored(): Promise<Response> {
  return (await matchPrecache(SHELL)) ?? Response.error();
}

/** The network's page, or the stored shell when the network fails or stalls. */
async function pageOrShell(request: Request): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<Response>((resolve) => {
    timer = setTimeout(() => resolve(stored()), SHELL_WAIT_MS);
  });
  try {
    return await Promise.race([fetch(request), stalled]);
  } catch {
    return stored();
  } finally {
    clearTimeout(timer);
  }
}

// Registered before the precache route, so a page load (even of "/") asks the network first.
registerRoute(new NavigationRoute(({ request }) => pageOrShell(request), { denylist: [API_PATH] }));

// The app's own hashed files, served from the cache (they never change under one name).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new release takes over at once; its shell replaces the old one.
void self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
