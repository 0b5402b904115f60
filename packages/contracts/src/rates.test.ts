import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertAmount, convertToCents, normalisedAmount, parseDecimal, ratesSchema } from './rates.js';

const pow10 = (exponent: number) => 10n ** BigInt(exponent);

describe('the currency converter', () => {
  it('converts the spec examples exactly, rounding half-up to the cent', () => {
    expect(convertAmount('1000', '0.011', 'BDT_USD')).toBe('11.00');
    expect(convertAmount('1', '0.011', 'BDT_USD')).toBe('0.01');
    expect(convertAmount('0.45', '0.011', 'BDT_USD')).toBe('0.00');
    // 0.5 BDT is 0.0055 USD: half-up gives 0.01.
    expect(convertAmount('0.5', '0.011', 'BDT_USD')).toBe('0.01');
    expect(convertAmount('123456789.99', '0.011', 'BDT_USD')).toBe('1358024.69');
    expect(convertAmount('11', '0.011', 'USD_BDT')).toBe('1000.00');
    expect(convertAmount('1', '0.011', 'USD_BDT')).toBe('90.91');
    expect(convertAmount('১০০০', '0.011', 'BDT_USD')).toBe('11.00');
    expect(convertAmount('1,000', '0.011', 'BDT_USD')).toBe('11.00');
  });

  it('counts empty or invalid input as 0', () => {
    for (const text of ['', ' ', '.', 'abc', '-5', '1e3', '1.2.3', '12a', 'NaN', 'Infinity', '1'.repeat(16)]) {
      expect(convertAmount(text, '0.011', 'BDT_USD')).toBe('0.00');
      expect(normalisedAmount(text)).toBe('0');
    }
    expect(convertAmount('5', 'nonsense', 'USD_BDT')).toBe('0.00');
    expect(convertAmount('5', '0', 'USD_BDT')).toBe('0.00');
  });

  it('shows the amount as it is counted', () => {
    expect(normalisedAmount(' 1000 ')).toBe('1000');
    expect(normalisedAmount('.5')).toBe('0.5');
    expect(normalisedAmount('১২.৫০')).toBe('12.50');
  });

  const decimals = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 8 }))
    .map(([units, scale]) => {
      const text = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    });
  const rates = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.integer({ min: 0, max: 9 }))
    .map(([units, scale]) => {
      const text = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    });

  it('is within half a cent of the exact value, and a tie rounds up (property)', () => {
    fc.assert(
      fc.property(decimals, rates, fc.constantFrom('BDT_USD' as const, 'USD_BDT' as const), (amount, rate, direction) => {
        const a = parseDecimal(amount)!;
        const r = parseDecimal(rate)!;
        const cents = convertToCents(amount, rate, direction);
        // exact = numerator / denominator (in cents); check 2|cents·den − num| ≤ den with ties upward.
        const [numerator, denominator] =
          direction === 'BDT_USD' ? [a.units * r.units * 100n, pow10(a.scale + r.scale)] : [a.units * pow10(r.scale) * 100n, r.units * pow10(a.scale)];
        const difference = 2n * (cents * denominator - numerator);
        expect(difference <= denominator).toBe(true);
        expect(difference > -denominator).toBe(true);
      }),
    );
  });

  it('never decreases when the amount grows (property)', () => {
    fc.assert(
      fc.property(decimals, decimals, rates, fc.constantFrom('BDT_USD' as const, 'USD_BDT' as const), (x, y, rate, direction) => {
        const [small, large] = [parseDecimal(x)!, parseDecimal(y)!];
        const smallIsSmaller = small.units * pow10(large.scale) <= large.units * pow10(small.scale);
        const [low, high] = smallIsSmaller ? [x, y] : [y, x];
        expect(convertToCents(low, rate, direction) <= convertToCents(high, rate, direction)).toBe(true);
      }),
    );
  });

  it('reads Bangla digits as the same number (property)', () => {
    fc.assert(
      fc.property(decimals, (amount) => {
        const bangla = amount.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
        expect(convertAmount(bangla, '0.011', 'BDT_USD')).toBe(convertAmount(amount, '0.011', 'BDT_USD'));
      }),
    );
  });

  it('accepts only positive plain decimal rates', () => {
    expect(ratesSchema.safeParse({ BDT: { USD: '0.011' } }).success).toBe(true);
    for (const bad of ['0', '0.000', '-1', '1e-3', 'abc', '']) expect(ratesSchema.safeParse({ BDT: { USD: bad } }).success).toBe(false);
  });
});
