/**
 * Registers the service worker (src/sw.ts) of a production build, once the page has loaded so it
 * does not compete with the first screen. The development server has none: a stale cached shell
 * would hide the change being made.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Refused (a private window, a browser or test that blocks workers): the app works the same, online only.
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // On prerendered pages the app starts on the visitor's first use, long after 'load' has fired.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
