import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { createFavouriteRequestSchema } from './favourites.js';
import { createMoneyRequestSchema } from './money-requests.js';
import { latinDigits, normalizeTypedPhone, phoneSchema, toE164 } from './phone.js';
import { formatPhoneLocal } from './phone-display.js';
import { signupRequestSchema } from './signup.js';
import { recipientQuerySchema, sendMoneyFormSchema, transferRequestSchema } from './transfers.js';

const BANGLA = '০১২৩৪৫৬৭৮৯';
const toBangla = (text: string) => text.replace(/\d/g, (digit) => BANGLA[Number(digit)] ?? digit);

/** A Bangladeshi mobile number's ten digits after the country code: 1, an operator digit 3–9, eight more. */
const mobileDigits = fc
  .tuple(fc.integer({ min: 3, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
  .map(([operator, rest]) => `1${operator}${rest.join('')}`);

/** The ways people here write the same number: with 0, +880 or 880 before it, spaces or dashes anywhere. */
const writtenAs = (digits: string) =>
  fc
    .tuple(
      fc.constantFrom('0', '+880', '880', '+88 0', '00880', '+880 '),
      fc.array(fc.constantFrom('', ' ', '-'), { minLength: digits.length, maxLength: digits.length }),
      fc.boolean(),
    )
    .map(([prefix, separators, bangla]) => {
      const typed = prefix + digits.split('').map((digit, index) => (index > 0 ? separators[index] : '') + digit).join('');
      return bangla ? toBangla(typed) : typed;
    });

describe('one phone rule for every phone field', () => {
  it('reads 01XXXXXXXXX, +8801XXXXXXXXX and 8801XXXXXXXXX, with spaces or dashes, in Latin or Bangla digits, as one number', () => {
    fc.assert(
      fc.property(
        mobileDigits.chain((digits) => fc.tuple(fc.constant(digits), writtenAs(digits))),
        ([digits, typed]) => {
          expect(toE164(typed), typed).toBe(`+880${digits}`);
          expect(phoneSchema.parse(typed)).toBe(`+880${digits}`);
        },
      ),
    );
  });

  it('shows a Bangladeshi number back in the local format, and reads that back to the same number', () => {
    fc.assert(
      fc.property(mobileDigits, (digits) => {
        const local = formatPhoneLocal(`+880${digits}`);
        expect(local).toBe(`0${digits.slice(0, 4)}-${digits.slice(4)}`);
        expect(toE164(local)).toBe(`+880${digits}`);
      }),
    );
    expect(formatPhoneLocal('+12025550143')).toBe('+12025550143');
  });

  it('shows a Bangladeshi mobile number exactly as libphonenumber formats it nationally (the phone field shows that too)', () => {
    // One format everywhere (issue 24, defect 18): lists use this metadata-free copy of the rule.
    fc.assert(
      fc.property(mobileDigits, (digits) => {
        const e164 = `+880${digits}`;
        expect(formatPhoneLocal(e164)).toBe(parsePhoneNumberFromString(e164)?.formatNational());
      }),
    );
  });

  it('the examples people type', () => {
    for (const typed of ['01822021430', '+8801822021430', '8801822021430', '01822-021430', '0182 202 1430', '+880 1822-021430', '০১৮২২০২১৪৩০', '+৮৮০১৮২২০২১৪৩০', '৮৮০ ১৮২২-০২১৪৩০']) {
      expect(toE164(typed), typed).toBe('+8801822021430');
    }
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    for (const wrong of ['0182202143', '018220214300', '1822', '880', '+880', '02-12345', 'abc']) expect(toE164(wrong), wrong).toBeNull();
  });

  it('normalises only digits and the country code, so typing into the field keeps its caret', () => {
    expect(normalizeTypedPhone('০১৭')).toBe('017');
    expect(normalizeTypedPhone('880')).toBe('+880');
    expect(normalizeTypedPhone('00880 17')).toBe('+880 17');
    expect(normalizeTypedPhone('01712-345678')).toBe('01712-345678');
    expect(latinDigits('৳ ১,২৩৪')).toBe('৳ 1,234');
  });

  it('every form that takes a phone number uses it: sign-up, send money, the recipient look-up, favourites, requests', () => {
    const typed = '৮৮০-১৮২২-০২১৪৩০';
    expect(signupRequestSchema.parse({ name: 'Nadia', email: 'n@example.com', password: 'long enough', phone: typed }).phone).toBe('+8801822021430');
    expect(sendMoneyFormSchema.parse({ receiverNumber: typed, sendAmount: '5', reference: '1001' }).to).toBe('+8801822021430');
    expect(transferRequestSchema.parse({ to: typed, amount: 500, reference: '1001', pin: '24680' }).to).toBe('+8801822021430');
    expect(recipientQuerySchema.parse({ phone: typed }).phone).toBe('+8801822021430');
    expect(createFavouriteRequestSchema.parse({ name: 'Rafi', phone: typed, origin: 'Dhaka' }).phone).toBe('+8801822021430');
    expect(createMoneyRequestSchema.parse({ from: typed, amount: 500, note: 'Taxi' }).from).toBe('+8801822021430');
  });
});
