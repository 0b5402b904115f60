import { PAYMENT_PIN_FIRST_BLOCK_SECONDS, PAYMENT_PIN_LATER_BLOCK_SECONDS } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { activeBlockUntil, afterWrongPin, hashPaymentPin, paymentPinKey, paymentPinMatches, triesLeft, type PinTries } from './payment-pin.js';

const fresh: PinTries = { wrongInRow: 0, blocks: 0, blockedUntilMs: null };
const NOW = Date.parse('2026-11-28T10:00:00Z');

describe('the PIN hash', () => {
  const key = paymentPinKey('a server secret of at least thirty-two characters');

  it('matches the PIN it was made from, for its account only', () => {
    const stored = hashPaymentPin(key, 'user-1', '24680');
    expect(paymentPinMatches(key, 'user-1', '24680', stored)).toBe(true);
    expect(paymentPinMatches(key, 'user-1', '24681', stored)).toBe(false);
    expect(paymentPinMatches(key, 'user-2', '24680', stored)).toBe(false);
    expect(hashPaymentPin(key, 'user-2', '24680')).not.toBe(stored);
  });

  it('needs the server secret: another key gives another hash', () => {
    const other = paymentPinKey('another server secret of thirty-two characters');
    expect(hashPaymentPin(other, 'user-1', '24680')).not.toBe(hashPaymentPin(key, 'user-1', '24680'));
    expect(paymentPinMatches(key, 'user-1', '24680', 'not hex')).toBe(false);
  });

  it('costs the payment well under a millisecond', () => {
    const stored = hashPaymentPin(key, 'user-1', '24680');
    const started = performance.now();
    for (let index = 0; index < 1000; index += 1) paymentPinMatches(key, 'user-1', '24680', stored);
    expect((performance.now() - started) / 1000).toBeLessThan(0.05);
  });
});

describe('wrong PINs in a row', () => {
  it('block payments at the third, for an hour the first time and a day every later time', () => {
    let tries = fresh;
    for (const left of [2, 1]) {
      const next = afterWrongPin(tries, NOW);
      expect(next.blocked).toBe(false);
      tries = next.tries;
      expect(triesLeft(tries)).toBe(left);
    }
    const first = afterWrongPin(tries, NOW);
    expect(first).toEqual({ blocked: true, tries: { wrongInRow: 0, blocks: 1, blockedUntilMs: NOW + PAYMENT_PIN_FIRST_BLOCK_SECONDS * 1000 } });

    let later = first.tries;
    for (let index = 0; index < 3; index += 1) later = afterWrongPin(later, NOW).tries;
    expect(later).toEqual({ wrongInRow: 0, blocks: 2, blockedUntilMs: NOW + PAYMENT_PIN_LATER_BLOCK_SECONDS * 1000 });
  });

  it('hold a block until its end, and not after', () => {
    const blocked: PinTries = { wrongInRow: 0, blocks: 1, blockedUntilMs: NOW + 1000 };
    expect(activeBlockUntil(blocked, NOW)).toBe(NOW + 1000);
    expect(activeBlockUntil(blocked, NOW + 1000)).toBeNull();
    expect(activeBlockUntil(fresh, NOW)).toBeNull();
  });
});
