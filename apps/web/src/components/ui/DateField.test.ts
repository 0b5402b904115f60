import { describe, expect, it } from 'vitest';
import { dayMonthYear, parseDayMonthYear } from './DateField';

describe('DateField: a date as the reader writes it', () => {
  it('shows day/month/year, in Bangla digits for Bangla', () => {
    expect(dayMonthYear('2026-11-05', 'bn-BD')).toBe('০৫/১১/২০২৬');
    expect(dayMonthYear('2026-11-05', 'en-GB')).toBe('05/11/2026');
    expect(dayMonthYear('', 'bn-BD')).toBe('');
  });

  it('reads back what was typed, in either digits, and refuses dates that do not exist', () => {
    expect(parseDayMonthYear('০৫/১১/২০২৬')).toBe('2026-11-05');
    expect(parseDayMonthYear('5.11.2026')).toBe('2026-11-05');
    expect(parseDayMonthYear('29-02-2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('29/02/2026')).toBeNull();
    expect(parseDayMonthYear('11/31/2026')).toBeNull();
    expect(parseDayMonthYear('০৫/১১')).toBeNull();
  });
});
