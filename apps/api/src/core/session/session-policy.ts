/** Sessions end after 10 minutes without a request (as the FAQ promises) and after 12 hours in any case. */
export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** Recording every request's time would write on every read; a few seconds of slack is harmless. */
export const TOUCH_INTERVAL_MS = 15 * 1000;

export interface SessionTimes {
  lastSeenAt: number;
  expiresAt: number;
}

export type SessionState = 'active' | 'idle' | 'expired';

export function sessionState(times: SessionTimes, now: number): SessionState {
  if (now >= times.expiresAt) return 'expired';
  if (now >= times.lastSeenAt + IDLE_TIMEOUT_MS) return 'idle';
  return 'active';
}

/** When the session ends if nothing else happens: the earlier of idle and absolute expiry. */
export const idleExpiresAt = (times: SessionTimes) => Math.min(times.lastSeenAt + IDLE_TIMEOUT_MS, times.expiresAt);

export const needsTouch = (lastSeenAt: number, now: number) => now - lastSeenAt >= TOUCH_INTERVAL_MS;
