import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, idleExpiresAt, needsTouch, sessionState } from './session-policy.js';

const start = Date.parse('2026-11-21T00:00:00Z');
const fresh = { lastSeenAt: start, expiresAt: start + ABSOLUTE_TIMEOUT_MS };

describe('session policy', () => {
  it('keeps a session active until 10 idle minutes have passed', () => {
    expect(sessionState(fresh, start + IDLE_TIMEOUT_MS - 1)).toBe('active');
    expect(sessionState(fresh, start + IDLE_TIMEOUT_MS)).toBe('idle');
  });

  it('ends a session at 12 hours however recent the activity', () => {
    const busy = { lastSeenAt: start + ABSOLUTE_TIMEOUT_MS - 1, expiresAt: fresh.expiresAt };
    expect(sessionState(busy, start + ABSOLUTE_TIMEOUT_MS - 1)).toBe('active');
    expect(sessionState(busy, start + ABSOLUTE_TIMEOUT_MS)).toBe('expired');
  });

  it('never reports an end later than either limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ABSOLUTE_TIMEOUT_MS }), (sinceStart) => {
        const times = { lastSeenAt: start + sinceStart, expiresAt: fresh.expiresAt };
        const end = idleExpiresAt(times);
        expect(end).toBeLessThanOrEqual(times.expiresAt);
        expect(end).toBeLessThanOrEqual(times.lastSeenAt + IDLE_TIMEOUT_MS);
        expect(sessionState(times, end - 1)).toBe('active');
        expect(sessionState(times, end)).not.toBe('active');
      }),
    );
  });

  it('records activity at most every 15 seconds', () => {
    expect(needsTouch(start, start + 14_999)).toBe(false);
    expect(needsTouch(start, start + 15_000)).toBe(true);
  });
});
