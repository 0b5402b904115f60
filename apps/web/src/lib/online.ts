import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** Whether the browser has a network: false shows the offline state and holds money-moving buttons. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * TanStack Query assumes it is online until an "offline" event; a page opened without a network
 * would then try every query, fail, and show errors. Told the truth at start, it holds them as
 * "paused" (shown as the offline state) and runs them when the network comes back.
 */
export function syncQueryOnlineState(): void {
  onlineManager.setOnline(navigator.onLine);
}
