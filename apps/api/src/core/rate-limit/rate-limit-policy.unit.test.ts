import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitMessage, retryAfterSeconds, windowStart } from './rate-limit-policy.js';

describe('rate limit windows', () => {
  it('put every instant in the window that contains it, and retry after its end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 1000, max: 86_400_000 }), (now, windowMs) => {
        const start = windowStart(now, windowMs);
        expect(start).toBeLessThanOrEqual(now);
        expect(now - start).toBeLessThan(windowMs);
        const seconds = retryAfterSeconds(now, windowMs);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(now + seconds * 1000).toBeGreaterThanOrEqual(start + windowMs);
      }),
    );
  });

  it('tells people how long to wait in minutes', () => {
    expect(rateLimitMessage(30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(rateLimitMessage(14 * 60 + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
