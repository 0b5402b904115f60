import { describe, expect, it } from 'vitest';
import { formatSignedMoney } from './format-entry';

describe('formatSignedMoney', () => {
  it('writes the sign of money in and out', () => {
    expect(formatSignedMoney({ amount: 5000, currency: 'USD' }, 'en-US')).toBe('+$50.00');
    expect(formatSignedMoney({ amount: -1005, currency: 'USD' }, 'en-US')).toBe('-$10.05');
    expect(formatSignedMoney({ amount: 0, currency: 'USD' }, 'en-US')).toBe('$0.00');
  });
});
