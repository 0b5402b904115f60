import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime as format, formatMonth } from './dates';

/** ICU versions differ in the space before AM/PM (some use a narrow no-break space). */
const formatDateTime = (iso: string, locale: string) => format(iso, locale).replaceAll('\u202f', ' ');

describe('formatDateTime', () => {
  it('shows the instant in Bangladesh time (UTC+6), whatever the machine’s time zone', () => {
    expect(formatDateTime('2024-01-01T18:30:00.000Z', 'en-US')).toBe('Jan 2, 2024, 12:30 AM');
    expect(formatDateTime('2025-08-22T05:05:00Z', 'en-US')).toBe('Aug 22, 2025, 11:05 AM');
  });

  it('crosses the year in Dhaka before it does in UTC', () => {
    expect(formatDate('2024-12-31T18:00:00Z', 'en-US')).toBe('Jan 1, 2025');
    expect(formatDate('2024-12-31T17:59:59Z', 'en-US')).toBe('Dec 31, 2024');
  });

  it('uses the reader’s language and digits', () => {
    expect(formatDateTime('2024-01-01T18:30:00Z', 'bn-BD')).toContain('২০২৪');
  });

  it('writes the time of day the Bangla way, with no Latin digit or AM/PM left', () => {
    expect(formatDateTime('2024-01-01T18:30:00Z', 'bn-BD')).toBe('২ জানু, ২০২৪, ১২:৩০ রাত্রি');
    expect(formatDateTime('2025-08-22T03:05:00Z', 'bn-BD')).toBe('২২ আগ, ২০২৫, ৯:০৫ সকাল');
    expect(formatDateTime('2025-08-22T08:05:00Z', 'bn-BD')).toBe('২২ আগ, ২০২৫, ২:০৫ দুপুর');
    for (const hour of [0, 4, 8, 12, 16, 20]) {
      expect(formatDateTime(`2025-08-22T${String(hour).padStart(2, '0')}:15:00Z`, 'bn-BD')).not.toMatch(/[0-9]|AM|PM/);
    }
  });

  it('refuses text that is not a date', () => {
    expect(() => formatDateTime('22.08.2022', 'en-US')).toThrow(RangeError);
  });
});

describe('formatMonth', () => {
  it('names a calendar month without shifting it', () => {
    expect(formatMonth('2025-01', 'en-US')).toBe('Jan');
    expect(formatMonth('2025-12', 'en-US', 'long')).toBe('December 2025');
  });

  it('refuses other shapes', () => {
    expect(() => formatMonth('2025-1', 'en-US')).toThrow(RangeError);
  });
});
