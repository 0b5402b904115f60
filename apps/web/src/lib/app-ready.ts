import { useEffect } from 'react';

let markReady: () => void = () => undefined;

/**
 * Settles once the app has taken over the page: rendered, or hydrated the prerendered HTML
 * (boot.ts then replays what the visitor did before).
 */
export const appReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function markAppReady(): void {
  markReady();
}

/** Rendered beside a page's content: its effect runs once that content is hydrated and live. */
export function AppReadySignal(): null {
  useEffect(markAppReady, []);
  return null;
}
