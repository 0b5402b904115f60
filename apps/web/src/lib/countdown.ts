import { useEffect, useState } from 'react';

/** The current time, ticking each second while `until` is ahead: a countdown's clock. */
export function useNowUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

/** Whole seconds from `now` until `until` (0 once passed, or with none). */
export const secondsUntil = (until: number | null, now: number) => (until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)));

/** 75 → "1:15": a countdown as people read it (in Latin digits; the caller localises them). */
export const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
