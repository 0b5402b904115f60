import { describe, expect, it } from 'vitest';
import { defaultPeriod, dhakaToday, isValidPeriod } from './period';

describe('statement period', () => {
  it('starts the day at midnight in Dhaka, not in the browser', () => {
    expect(dhakaToday(Date.parse('2026-11-30T17:59:59Z'))).toBe('2026-11-30');
    expect(dhakaToday(Date.parse('2026-11-30T18:00:00Z'))).toBe('2026-12-01');
  });

  it('opens on this month so far', () => {
    expect(defaultPeriod(Date.parse('2026-11-24T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });

  it('accepts only an ordered pair of dates', () => {
    expect(isValidPeriod('2026-11-01', '2026-11-01')).toBe(true);
    expect(isValidPeriod('2026-11-02', '2026-11-01')).toBe(false);
    expect(isValidPeriod('', '2026-11-01')).toBe(false);
  });
});
