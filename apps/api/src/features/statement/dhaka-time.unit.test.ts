import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dhakaMidnight, formatDhaka, spendingPeriods } from './dhaka-time.js';

describe('Asia/Dhaka time', () => {
  it('formats instants as Dhaka wall-clock time', () => {
    expect(formatDhaka('2026-11-21T18:30:00.000Z')).toBe('2026-11-22 00:30:00');
    expect(formatDhaka('2026-01-01T00:00:00.000Z')).toBe('2026-01-01 06:00:00');
  });

  it('starts a Dhaka day at 18:00 UTC the day before', () => {
    expect(new Date(dhakaMidnight('2026-11-22')).toISOString()).toBe('2026-11-21T18:00:00.000Z');
  });

  it('finds the Saturday week, the month and the year around a moment', () => {
    // Sunday 22 November 2026, 00:30 in Dhaka.
    const periods = spendingPeriods(Date.parse('2026-11-21T18:30:00Z'));
    expect(new Date(periods.weekStart).toISOString()).toBe('2026-11-20T18:00:00.000Z');
    expect(new Date(periods.monthStart).toISOString()).toBe('2026-10-31T18:00:00.000Z');
    expect(new Date(periods.yearStart).toISOString()).toBe('2025-12-31T18:00:00.000Z');
    expect(periods.months.map((month) => month.label)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
  });

  it('always puts now inside its week, month, year and last month', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01') }), (now) => {
        const periods = spendingPeriods(now);
        expect(periods.weekStart).toBeLessThanOrEqual(now);
        expect(now - periods.weekStart).toBeLessThan(7 * 24 * 3600 * 1000);
        expect(new Date(periods.weekStart + 6 * 3600 * 1000).getUTCDay()).toBe(6);
        expect(periods.yearStart).toBeLessThanOrEqual(periods.monthStart);
        expect(periods.monthStart).toBeLessThanOrEqual(now);
        const last = periods.months.at(-1)!;
        expect(last.start).toBe(periods.monthStart);
        expect(now).toBeLessThan(last.end);
        for (let index = 1; index < periods.months.length; index += 1) {
          expect(periods.months[index]!.start).toBe(periods.months[index - 1]!.end);
        }
      }),
    );
  });
});
