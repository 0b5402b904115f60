import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { messages } from './fields.js';

/**
 * Phone numbers, kept apart from the other fields because the numbering-plan data is large: only
 * the screens that take a phone number download it.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'BD';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Bangla digits (০–৯) as Latin ones; everything else as it is. */
export const latinDigits = (text: string) => text.replace(/[০-৯]/g, (digit) => String(BANGLA_DIGITS.indexOf(digit)));

/**
 * A phone number as people in Bangladesh type it, in the form the numbering plan reads: Bangla
 * digits become Latin, and the country code typed without its plus (8801…, 008801…) gets one, so
 * 01XXXXXXXXX, +8801XXXXXXXXX and 8801XXXXXXXXX, with spaces or dashes, are the same number. Spaces,
 * dashes and brackets are left for the parser, which ignores them.
 */
export function normalizeTypedPhone(raw: string): string {
  const latin = latinDigits(raw).trim();
  const compact = latin.replace(/[\s().-]/g, '');
  if (/^00\d/.test(compact)) return `+${latin.replace(/^[\s().-]*0[\s().-]*0/, '')}`;
  if (/^880/.test(compact)) return `+${latin}`;
  return latin;
}

/** Parses a phone number as typed (national numbers default to Bangladesh) into E.164. */
export function toE164(raw: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(normalizeTypedPhone(raw), defaultCountry);
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

/** "+880 9612-345678" for "+8809612345678": an E.164 number as people read it. */
export const formatInternational = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
