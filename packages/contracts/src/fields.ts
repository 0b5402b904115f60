import { z } from 'zod';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * One definition of each field rule, used by the API to validate requests and by the web app to
 * validate forms. Messages are the product's English wording; the web app translates them.
 */

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'BD';

export const messages = {
  nameRequired: 'Name is Required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Please Enter Your Email Address',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Enter a valid phone number',
} as const;

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(100, messages.nameTooLong);

/** E-mail addresses are compared case-insensitively, so they are stored lower-cased. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordTooShort)
  .max(128, messages.passwordTooLong);

/** A password being checked (login, confirmations): no strength rule, only a sane bound. */
export const currentPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(128, messages.passwordTooLong);

/** Parses a phone number as typed (national numbers default to Bangladesh) into E.164. */
export function toE164(raw: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** The ISO country a valid E.164 number belongs to, e.g. "BD". */
export function phoneCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

export const phoneSchema = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(32, messages.phoneInvalid)
  .transform((raw, ctx) => {
    const e164 = toE164(raw);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
      return z.NEVER;
    }
    return e164;
  });
