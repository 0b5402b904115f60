/**
 * When this browser last talked to the API. The server ends a session after a stretch without
 * requests, so the app can tell when that will happen without asking the server (asking would itself
 * count as activity and keep the session alive forever).
 *
 * The time is shared between tabs through localStorage: the session cookie is shared too, so a
 * request made in one tab keeps every tab's session alive. It is a timestamp, never a credential.
 */
const STORAGE_KEY = 'poisha.lastActivityAt';

let lastActivityAt = 0;
const listeners = new Set<() => void>();

function readStored(): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    return 0;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** Records a request that reached the server at (or just after) `at`, a time from Date.now(). */
export function recordActivity(at: number): void {
  if (at <= lastActivityAt) return;
  lastActivityAt = at;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(at));
  } catch {
    // Private modes may refuse storage; this tab still knows its own activity.
  }
  notify();
}

export function getLastActivityAt(): number {
  return lastActivityAt;
}

function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY) return;
  const stored = readStored();
  if (stored > lastActivityAt) {
    lastActivityAt = stored;
    notify();
  }
}

/** For useSyncExternalStore: calls `listener` whenever this tab or another records activity. */
export function subscribeToActivity(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
