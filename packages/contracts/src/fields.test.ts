import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signupFormSchema, signupRequestSchema } from './signup.js';
import { emailSchema, messages } from './fields.js';
import { phoneCountry, phoneSchema, toE164 } from './phone.js';

describe('phone numbers', () => {
  it('read national Bangladeshi numbers and international ones into E.164', () => {
    expect(toE164('01712345678')).toBe('+8801712345678');
    expect(toE164('+880 1712-345678')).toBe('+8801712345678');
    expect(toE164('+1 202 555 0143')).toBe('+12025550143');
    expect(toE164('12345')).toBeNull();
    expect(phoneCountry('+8801712345678')).toBe('BD');
  });

  it('never throw, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const result = phoneSchema.safeParse(typed);
        if (result.success) expect(result.data).toMatch(/^\+\d{8,15}$/);
      }),
    );
  });
});

describe('e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Nadia@Example.COM ')).toBe('nadia@example.com');
  });
  it('says what is missing', () => {
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe(messages.emailRequired);
    expect(emailSchema.safeParse('nadia@').error?.issues[0]?.message).toBe(messages.emailInvalid);
  });
});

describe('sign-up form', () => {
  const valid = { name: 'Nadia', email: 'n@example.com', password: 'long enough', confirmPassword: 'long enough', phone: '01712345678' };

  it('accepts a complete form and normalises it', () => {
    expect(signupFormSchema.parse(valid)).toMatchObject({ email: 'n@example.com', phone: '+8801712345678' });
  });

  it('puts "Passwords do not match" under Confirm Password', () => {
    expect(signupFormSchema.safeParse({ ...valid, confirmPassword: '' }).error?.issues[0]?.message).toBe(messages.confirmPasswordRequired);
    const issues = signupFormSchema.safeParse({ ...valid, confirmPassword: 'different' }).error?.issues ?? [];
    expect(issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' })]);
  });

  it('asks for at least 8 characters of password', () => {
    const issues = signupRequestSchema.safeParse({ ...valid, password: 'short' }).error?.issues ?? [];
    expect(issues[0]?.message).toBe('Password must be at least 8 characters');
  });

  it('refuses a password that contains the e-mail address or the name (issue 10, defect 8)', () => {
    const person = { ...valid, name: 'Farhana Akter', email: 'farhana.a@example.com' };
    for (const password of ['farhana.a@example.com', 'FARHANA.A-2024', 'my akter pass', 'xfarhanax']) {
      const issues = signupFormSchema.safeParse({ ...person, password, confirmPassword: password }).error?.issues ?? [];
      expect(issues, password).toEqual([expect.objectContaining({ path: ['password'], message: 'The password must not contain your e-mail address or name' })]);
    }
    expect(signupRequestSchema.safeParse({ ...person, password: 'tea garden 1971' }).success).toBe(true);
    // Digits in a name ("Wallet 123") are not a name: a password may contain them.
    expect(signupRequestSchema.safeParse({ ...person, name: 'Wallet 123', password: 'x123 tea garden' }).success).toBe(true);
  });
});

describe('digits typed on a Bangla keyboard', () => {
  it('count as the same digits in amounts and account numbers', async () => {
    const { typedDollarsSchema, referenceSchema, toAsciiDigits } = await import('./money.js');
    const { bankAccountNumberSchema, holderNumberSchema, cardDetailsSchema } = await import('./deposits.js');
    expect(toAsciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(typedDollarsSchema.parse('১২০')).toBe(12_000);
    expect(referenceSchema.parse(' ২০২৪ ')).toBe('২০২৪'); // a reference is free text, kept as typed
    expect(holderNumberSchema.parse('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(bankAccountNumberSchema.parse('১২৩৪৫৬৭৮৯০১২')).toBe('123456789012');
    expect(cardDetailsSchema.parse({ number: '৪২৪২ ৪২৪২ ৪২৪২ ৪২৪২', expMonth: 12, expYear: 2030, cvc: '১২৩' })).toMatchObject({ number: '4242424242424242', cvc: '123' });
    expect(typedDollarsSchema.safeParse('১২x').error?.issues[0]?.message).toBe('Provide Valid Amount');
  });
});
