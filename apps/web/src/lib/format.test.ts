import { describe, expect, it } from 'vitest';
import { countryName, currentYear, formatMoney, formatNumber, initials, localDigits } from './format';

describe('formatMoney', () => {
  it('formats integer cents exactly', () => {
    expect(formatMoney(100000, 'USD', 'en-US')).toBe('$1,000.00');
    expect(formatMoney(1005, 'USD', 'en-US')).toBe('$10.05');
    expect(formatMoney(1, 'USD', 'en-US')).toBe('$0.01');
    expect(formatMoney(0, 'USD', 'en-US')).toBe('$0.00');
    expect(formatMoney(-250, 'USD', 'en-US')).toBe('-$2.50');
  });

  it('keeps every cent of large amounts', () => {
    expect(formatMoney(900719925474099, 'USD', 'en-US')).toBe('$9,007,199,254,740.99');
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => formatMoney(10.5, 'USD', 'en-US')).toThrow(RangeError);
  });

  it('uses the reader’s language', () => {
    expect(formatMoney(123456, 'USD', 'bn-BD')).toContain('১,২৩৪.৫৬');
  });
});

describe('countryName and initials', () => {
  it('names countries', () => {
    expect(countryName('BD', 'en')).toBe('Bangladesh');
    expect(countryName(null, 'en')).toBeNull();
  });

  it('takes the first and last initial', () => {
    expect(initials('Rahima Akter Khan')).toBe('RK');
    expect(initials('  rafi ')).toBe('R');
    expect(initials('')).toBe('?');
  });
});

describe('formatNumber and localDigits: every number in the reader\'s digits', () => {
  it('writes counts with the language\'s digits and grouping', () => {
    expect(formatNumber(1234, 'en-US')).toBe('1,234');
    expect(formatNumber(1234, 'bn-BD')).toBe('১,২৩৪');
    expect(formatNumber(0, 'bn-BD')).toBe('০');
  });

  it('turns only the digits of a text into Bangla digits', () => {
    expect(localDigits('2024', 'bn-BD')).toBe('২০২৪');
    expect(localDigits('INV-0042/7', 'bn-BD')).toBe('INV-০০৪২/৭');
    expect(localDigits('••••6789', 'bn-BD')).toBe('••••৬৭৮৯');
    expect(localDigits('01712-345678', 'bn-BD')).toBe('০১৭১২-৩৪৫৬৭৮');
  });

  it('leaves English text as it is', () => {
    expect(localDigits('INV-0042', 'en-US')).toBe('INV-0042');
    expect(localDigits('', 'bn-BD')).toBe('');
  });
});

describe('currentYear', () => {
  it('is the year Intl would write, in the reader\'s digits', () => {
    const now = new Date(2026, 10, 28);
    for (const locale of ['en-US', 'bn-BD']) {
      expect(currentYear(locale, now)).toBe(new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(now));
    }
    expect(currentYear('bn-BD', now)).toBe('২০২৬');
  });
});
