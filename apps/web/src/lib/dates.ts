import { cachedFormatters } from './intl-cache';

/**
 * Dates as people in Bangladesh read them. The API sends instants in UTC (ISO 8601); the wallet's
 * calendar is Bangladesh time, whatever time zone the browser itself is set to.
 */
export const WALLET_TIME_ZONE = 'Asia/Dhaka';

/** A statement page formats many dates: one formatter per locale and style. */
const formatter = cachedFormatters((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

function parseInstant(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  return date;
}

/**
 * Bangla writes the time of day with its own words (সকাল, দুপুর, সন্ধ্যা, রাত্রি), where Intl's
 * medium style would still print the English AM/PM beside Bangla digits.
 */
const BANGLA_DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' };

/**
 * "Jan 2, 2024, 12:30 AM" for 2024-01-01T18:30:00Z: date and time in Bangladesh; in Bangla
 * "২ জানু, ২০২৪, ১২:৩০ রাত্রি".
 */
export function formatDateTime(iso: string, locale: string): string {
  const style: Intl.DateTimeFormatOptions = locale.startsWith('bn') ? BANGLA_DATE_TIME : { dateStyle: 'medium', timeStyle: 'short' };
  return formatter(locale, { timeZone: WALLET_TIME_ZONE, ...style }).format(parseInstant(iso));
}

/** The date alone, in Bangladesh: "Jan 2, 2024". */
export function formatDate(iso: string, locale: string): string {
  return formatter(locale, { timeZone: WALLET_TIME_ZONE, dateStyle: 'medium' }).format(parseInstant(iso));
}

/**
 * A calendar month given as "YYYY-MM" (already a Bangladesh month, so no time zone shift applies):
 * "Mar" in short form, "March 2025" in long form.
 */
export function formatMonth(month: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const options: Intl.DateTimeFormatOptions = style === 'short' ? { month: 'short', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return formatter(locale, options).format(date);
}
