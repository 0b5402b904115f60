import { describe, expect, it } from 'vitest';
import { cardBrandOf, isCardExpired, passesLuhn } from './cards.js';

describe('isCardExpired', () => {
  const now = new Date(Date.UTC(2026, 4, 15)); // 15 May 2026
  it('treats the whole expiry month as valid', () => {
    expect(isCardExpired({ expMonth: 5, expYear: 2026 }, now)).toBe(false);
    expect(isCardExpired({ expMonth: 4, expYear: 2026 }, now)).toBe(true);
    expect(isCardExpired({ expMonth: 1, expYear: 2027 }, now)).toBe(false);
    expect(isCardExpired({ expMonth: 12, expYear: 2025 }, now)).toBe(true);
  });
});

describe('passesLuhn', () => {
  it('accepts the sandbox test cards', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('cardBrandOf', () => {
  it('knows the common brands by their first digits', () => {
    expect(cardBrandOf('4242424242424242')).toBe('Visa');
    expect(cardBrandOf('5555555555554444')).toBe('Mastercard');
    expect(cardBrandOf('378282246310005')).toBe('American Express');
    expect(cardBrandOf('6011111111111117')).toBe('Card');
  });
});
