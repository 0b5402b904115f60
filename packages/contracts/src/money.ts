import { z } from 'zod';
import { CENTS_PER_DOLLAR, CURRENCY, MAX_AMOUNT_CENTS } from './constants.js';

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
  onlyNumbers: 'Only Number is allowed',
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
 * A whole-dollar amount as typed in a form (the product's amount fields take digits only), turned
 * into cents by integer arithmetic and checked against the limits of `cents`.
 */
export function wholeDollars(cents: z.ZodType<number, number>) {
  return typedDigits(
    moneyMessages.amountRequired,
    z.string().min(1, moneyMessages.amountRequired).max(12, moneyMessages.amountTooLarge).regex(/^[0-9]+$/, moneyMessages.amountInvalid),
  )
    .transform((digits) => Number(digits) * CENTS_PER_DOLLAR)
    .pipe(cents);
}

export const wholeDollarsSchema = wholeDollars(amountCentsSchema);

/** A payment reference: the product's rule is digits only. */
export const referenceSchema = typedDigits(
  moneyMessages.referenceRequired,
  z.string().min(1, moneyMessages.referenceRequired).max(30, 'Reference must be at most 30 digits').regex(/^[0-9]+$/, moneyMessages.onlyNumbers),
);

export const idempotencyKeySchema = z.string().min(1).max(255);
