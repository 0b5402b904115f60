import { describe, expect, it } from 'vitest';
import { changePaymentPinFormSchema, paymentPinMessages, resetPaymentPinFormSchema, setPaymentPinFormSchema } from './payment-pin.js';

/** The first message of a refused form by field, as the form shows it. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

const phone = '+8801712345678';

describe('the forms that choose a payment PIN', () => {
  it('read the PIN and its repetition in Bangla or Latin digits, with spaces', () => {
    expect(setPaymentPinFormSchema(phone).parse({ pin: '২৪৬ ৮০', confirmPin: '24680' })).toEqual({ pin: '24680', confirmPin: '24680' });
  });

  it('refuse two different PINs under the repetition', () => {
    expect(problems(setPaymentPinFormSchema(phone).safeParse({ pin: '24680', confirmPin: '24681' }))).toEqual({ confirmPin: paymentPinMessages.pinsDoNotMatch });
    expect(problems(setPaymentPinFormSchema(phone).safeParse({ pin: '24680', confirmPin: '' }))).toEqual({ confirmPin: paymentPinMessages.confirmPinRequired });
  });

  it('refuse a guessable PIN, the end of the owner’s phone number included, under the PIN', () => {
    const set = setPaymentPinFormSchema(phone);
    expect(problems(set.safeParse({ pin: '77777', confirmPin: '77777' }))).toEqual({ pin: paymentPinMessages.sameDigits });
    expect(problems(set.safeParse({ pin: '৫৪৩২১', confirmPin: '54321' }))).toEqual({ pin: paymentPinMessages.sequence });
    expect(problems(set.safeParse({ pin: '45678', confirmPin: '45678' }))).toEqual({ pin: paymentPinMessages.sequence });
    expect(problems(set.safeParse({ pin: '45679', confirmPin: '45679' }))).toEqual({});
    // 01712-345678 ends in 45678, a run; another number's last five digits are the rule on their own.
    expect(problems(setPaymentPinFormSchema('+8801712340917').safeParse({ pin: '40917', confirmPin: '40917' }))).toEqual({ pin: paymentPinMessages.phoneDigits });
    // Without the number (not loaded yet) the other rules still run; the server checks the number.
    expect(problems(setPaymentPinFormSchema().safeParse({ pin: '40917', confirmPin: '40917' }))).toEqual({});
  });

  it('say what is missing or mistyped', () => {
    expect(problems(setPaymentPinFormSchema(phone).safeParse({ pin: '', confirmPin: '' }))).toEqual({
      pin: paymentPinMessages.pinRequired,
      confirmPin: paymentPinMessages.confirmPinRequired,
    });
    expect(problems(setPaymentPinFormSchema(phone).safeParse({ pin: '2468', confirmPin: '2468' }))).toMatchObject({ pin: paymentPinMessages.pinFormat });
  });

  it('change: a new PIN different from the current one, typed twice', () => {
    const change = changePaymentPinFormSchema(phone);
    expect(change.parse({ currentPin: '24680', newPin: '১৩৫৭৯', confirmPin: '13579' })).toEqual({ currentPin: '24680', newPin: '13579', confirmPin: '13579' });
    expect(problems(change.safeParse({ currentPin: '24680', newPin: '24680', confirmPin: '24680' }))).toEqual({ newPin: paymentPinMessages.samePin });
    expect(problems(change.safeParse({ currentPin: '24680', newPin: '13579', confirmPin: '13597' }))).toEqual({ confirmPin: paymentPinMessages.pinsDoNotMatch });
    expect(problems(change.safeParse({ currentPin: '', newPin: '11111', confirmPin: '11111' }))).toEqual({ currentPin: paymentPinMessages.pinRequired, newPin: paymentPinMessages.sameDigits });
  });

  it('reset: the code from the SMS, the password and the new PIN twice', () => {
    const reset = resetPaymentPinFormSchema(phone);
    expect(reset.parse({ code: '১২৩ ৪৫৬', currentPassword: 'tea garden 1', newPin: '13579', confirmPin: '13579' })).toMatchObject({ code: '123456', newPin: '13579' });
    expect(Object.keys(problems(reset.safeParse({ code: '', currentPassword: '', newPin: '13579', confirmPin: '13579' })))).toEqual(['code', 'currentPassword']);
    expect(problems(reset.safeParse({ code: '123456', currentPassword: 'x', newPin: '13579', confirmPin: '31579' }))).toEqual({ confirmPin: paymentPinMessages.pinsDoNotMatch });
  });
});
