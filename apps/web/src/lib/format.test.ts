import { describe, expect, it } from 'vitest';
import { countryName, formatMoney, initials } from './format';

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
