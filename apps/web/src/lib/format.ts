import { cachedFormatters } from './intl-cache';
import { centsToDecimal } from '@poisha/contracts';

const numberFormat = cachedFormatters((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
const regionNames = cachedFormatters((locale, options: Intl.DisplayNamesOptions) => new Intl.DisplayNames([locale], options));

/**
 * Formats an integer number of minor units (cents) as money, exactly: the amount is turned into a
 * decimal string by integer arithmetic and Intl formats that string, so no binary fraction is ever
 * involved (1005 cents is "$10.05", never "$10.049999").
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const decimal = centsToDecimal(amountMinor) as Intl.StringNumericLiteral;
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(decimal);
}

/** The name of an ISO 3166 country code in the given language, e.g. "BD" → "Bangladesh". */
export function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return regionNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One or two letters for an avatar: the first letters of the first and last name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A count or other plain number in the reader's digits: 1,234 in English, ১,২৩৪ in Bangla. */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

/**
 * A string's Latin digits in the locale's own digits (০–৯ in Bangla), everything else kept: for
 * numbers that are text (references, masked account numbers, phone numbers), never for codes a
 * person must type back exactly as sent (e-mail addresses, order ids).
 */
export function localDigits(text: string, locale: string): string {
  const digits = numberFormat(locale, { useGrouping: false });
  return text.replace(/[0-9]/g, (digit) => digits.format(Number(digit)));
}

/**
 * This year in the reader's digits (২০২৬ in Bangla). Not through Intl.DateTimeFormat: the first
 * date formatter a page builds loads ICU's date patterns, which took 94–264 ms of the dashboard's
 * first render on a 4x slowed CPU (scripts/profile-dashboard.ts, decision 0039).
 */
export function currentYear(locale: string, now = new Date()): string {
  return localDigits(String(now.getFullYear()), locale);
}
