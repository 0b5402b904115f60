import { describe, expect, it } from 'vitest';
import { newPaymentPinSchema, paymentPinMessages, paymentPinSchema, paymentPinWeakness } from './payment-pin.js';

describe('the payment PIN as typed', () => {
  it('reads Bangla digits and drops spaces: ২৪৬ ৮০ is 24680', () => {
    expect(paymentPinSchema.parse('২৪৬ ৮০')).toBe('24680');
    expect(paymentPinSchema.parse(' 24680 ')).toBe('24680');
  });

  it('is exactly 5 digits', () => {
    for (const typed of ['2468', '246801', '2468a', '24.68', '']) expect(paymentPinSchema.safeParse(typed).success, typed).toBe(false);
  });
});

describe('paymentPinWeakness', () => {
  it('refuses one digit five times, for every digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(paymentPinWeakness(String(digit).repeat(5))).toBe(paymentPinMessages.sameDigits);
  });

  it('refuses every run up or down by one', () => {
    for (let start = 0; start <= 5; start += 1) {
      const up = Array.from({ length: 5 }, (_, index) => start + index).join('');
      expect(paymentPinWeakness(up), up).toBe(paymentPinMessages.sequence);
      expect(paymentPinWeakness([...up].reverse().join('')), up).toBe(paymentPinMessages.sequence);
    }
  });

  it('refuses the last 5 digits of the phone number, and only those', () => {
    expect(paymentPinWeakness('45678', '+8801712345678')).toBe(paymentPinMessages.sequence);
    expect(paymentPinWeakness('57924', '+8801711357924')).toBe(paymentPinMessages.phoneDigits);
    expect(paymentPinWeakness('11357', '+8801711357924')).toBeNull();
  });

  it('lets other PINs through: a step of two, repeats that are not all one digit, a turn', () => {
    for (const pin of ['24680', '13579', '11112', '12321', '90817']) expect(paymentPinWeakness(pin, '+8801711357924'), pin).toBeNull();
  });

  it('is part of the schema for a new PIN, which the form and the API share', () => {
    expect(newPaymentPinSchema.safeParse('১১১১১').error?.issues[0]?.message).toBe(paymentPinMessages.sameDigits);
    expect(newPaymentPinSchema.parse('২৪৬৮০')).toBe('24680');
  });
});
