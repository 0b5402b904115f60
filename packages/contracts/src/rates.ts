import { z } from 'zod';
import { toAsciiDigits } from './money.js';

/**
 * Currency conversion for the converter screen, in exact decimal arithmetic: amounts and rates
 * are read as integers scaled by a power of ten (BigInt), never as floating-point numbers, and the
 * result is rounded to the cent half-up (0.005 becomes 0.01). Amounts are never negative here.
 */

export const DEFAULT_BDT_USD_RATE = '0.011';

/** A rate as configured and sent: a positive plain decimal such as "0.011". */
export const rateDecimalSchema = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,9})?$/, 'must be a decimal such as 0.011')
  .refine((rate) => /[1-9]/.test(rate), 'must be more than 0');

/** `GET /rates`: how many units of the inner currency one unit of the outer one buys. */
export const ratesSchema = z.object({ BDT: z.object({ USD: rateDecimalSchema }) });
export type Rates = z.infer<typeof ratesSchema>;

export type ConversionDirection = 'BDT_USD' | 'USD_BDT';

/** value = units / 10^scale */
interface ScaledDecimal {
  units: bigint;
  scale: number;
}

const MAX_INTEGER_DIGITS = 15;
const MAX_FRACTION_DIGITS = 9;

/**
 * Reads what a person typed: digits (Bangla digits too), an optional decimal point, thousands
 * commas. Anything else, or nothing, is null (the converter then shows 0).
 */
export function parseDecimal(text: string): ScaledDecimal | null {
  const cleaned = toAsciiDigits(text.trim()).replaceAll(',', '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (whole.replace(/^0+/, '').length > MAX_INTEGER_DIGITS || fraction.length > MAX_FRACTION_DIGITS) return null;
  return { units: BigInt(`${whole}${fraction}` || '0'), scale: fraction.length };
}

const TEN = 10n;
const pow10 = (exponent: number) => TEN ** BigInt(exponent);

/** numerator / denominator rounded half-up, both non-negative, denominator positive. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** "1234.50" for 123450n cents. */
export function formatCentsBig(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * Converts `amount` with `rate` (BDT → USD multiplies by the rate, USD → BDT divides by it) and
 * answers the result in cents of the target currency. Empty or invalid input counts as 0.
 */
export function convertToCents(amount: string, rate: string, direction: ConversionDirection): bigint {
  const value = parseDecimal(amount);
  const factor = parseDecimal(rate);
  if (!value || !factor || factor.units === 0n) return 0n;
  if (direction === 'BDT_USD') {
    return divideHalfUp(value.units * factor.units * 100n, pow10(value.scale + factor.scale));
  }
  return divideHalfUp(value.units * pow10(factor.scale) * 100n, factor.units * pow10(value.scale));
}

/** The converted amount as a plain decimal with two places, e.g. "11.00". */
export const convertAmount = (amount: string, rate: string, direction: ConversionDirection) =>
  formatCentsBig(convertToCents(amount, rate, direction));

/** The amount as it is counted (invalid → "0"), for the sentence "{amount} BDT = {result} USD". */
export function normalisedAmount(amount: string): string {
  const value = parseDecimal(amount);
  if (!value) return '0';
  const text = value.units.toString().padStart(value.scale + 1, '0');
  return value.scale === 0 ? text : `${text.slice(0, -value.scale)}.${text.slice(-value.scale)}`;
}
