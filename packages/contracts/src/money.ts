import { z } from 'zod';
import { CENTS_PER_DOLLAR, CURRENCY, MAX_AMOUNT_CENTS } from './constants.js';
import { shownText } from './text.js';

/** Money on the wire: an integer number of minor units (cents) and its currency. */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
});
export type Money = z.infer<typeof moneySchema>;




export const moneyMessages = {
  amountRequired: 'Please Type Your Amount',
  amountInvalid: 'Provide Valid Amount',
  amountPositive: 'Amount must be more than 0',
  amountTooLarge: 'Amount is too large',
  referenceRequired: 'Reference is required',
  referenceTooLong: 'Reference must be at most 50 characters',
} as const;

/** An amount in a request body: a positive whole number of cents, within the movement limit. */
export const amountCentsSchema = z
  .number({ error: moneyMessages.amountRequired })
  .int(moneyMessages.amountInvalid)
  .positive(moneyMessages.amountPositive)
  .max(MAX_AMOUNT_CENTS, moneyMessages.amountTooLarge)
  .describe('An integer number of cents (minor units of USD), more than 0: 12345 is 123.45 USD.');

const BANGLA_ZERO = 0x09e6;

/** Bangla keyboards type ০–৯; they are the same digits as 0–9. */
export const toAsciiDigits = (text: string) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));

/** Text typed into a digits-only field: trimmed, Bangla digits read as 0–9, then checked. */
export const typedDigits = (requiredMessage: string, checks: z.ZodString) =>
  z.string({ error: requiredMessage }).trim().transform(toAsciiDigits).pipe(checks);

/**
 * A code as typed (an SMS code, the PIN, an authenticator's digits): at most 40 characters, Bangla
 * digits read as 0–9, the separators `drop` matches taken out (and upper-cased with `upperCase`),
 * then required and matched against `pattern`, its message `format`.
 */
export function typedCode({ required, format, pattern, drop = /\s+/g, upperCase = false }: { required: string; format: string; pattern: RegExp; drop?: RegExp; upperCase?: boolean }) {
  return z
    .string({ error: required })
    .max(40, format)
    .transform((code) => {
      const typed = toAsciiDigits(code).replace(drop, '');
      return upperCase ? typed.toUpperCase() : typed;
    })
    .pipe(z.string().min(1, required).regex(pattern, format));
}

/** Dollars as typed: digits, then at most two decimals after a point ("75", "75.5", "75.50", ".50"). */
const TYPED_DOLLARS = /^(?<dollars>[0-9]*)(?:\.(?<cents>[0-9]{0,2}))?$/;

/**
 * "75.50" → 7550: dollars and cents as typed in a form, read by integer arithmetic (never a float).
 * Null when the text is not an amount.
 */
export function typedDollarsToCents(typed: string): number | null {
  const match = TYPED_DOLLARS.exec(typed);
  const { dollars = '', cents = '' } = match?.groups ?? {};
  if (!match || (dollars === '' && cents === '')) return null;
  return Number(dollars || '0') * CENTS_PER_DOLLAR + Number(cents.padEnd(2, '0'));
}

/**
 * An amount as typed in a form, with up to two decimals (75.50; Bangla digits too), turned into
 * cents by integer arithmetic and checked against the limits of `cents`.
 */
export function typedDollars(cents: z.ZodType<number, number>) {
  return typedDigits(moneyMessages.amountRequired, z.string().min(1, moneyMessages.amountRequired).max(15, moneyMessages.amountTooLarge))
    .transform((typed, context) => {
      const amount = typedDollarsToCents(typed);
      if (amount === null) {
        context.addIssue({ code: 'custom', message: moneyMessages.amountInvalid });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(cents);
}

export const typedDollarsSchema = typedDollars(amountCentsSchema);

/**
 * A payment reference: free text of 1 to 50 characters that the other side reads (Bangla
 * included), under the rule of text.ts. It replaces the earlier build's digits-only rule (DECISIONS.md).
 */
export const referenceSchema = shownText({ required: moneyMessages.referenceRequired, tooLong: moneyMessages.referenceTooLong, max: 50 });

export const idempotencyKeySchema = z.string().min(1).max(255);
