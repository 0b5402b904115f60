/**
 * Formats an integer number of minor units (cents) as money, exactly: the amount is turned into a
 * decimal string by integer arithmetic and Intl formats that string, so no binary fraction is ever
 * involved (1005 cents is "$10.05", never "$10.049999").
 *
 * The same arithmetic as the contract's centsToDecimal, which this should call once that helper
 * lives in a zod-free module (contracts' money.ts imports zod, and importing it here would put
 * 40 KB of schemas on the landing page's first download; decision 0008).
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Not an integer amount of cents: ${amountMinor}`);
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  const whole = Math.trunc(absolute / 100);
  const cents = String(absolute % 100).padStart(2, '0');
  const decimal = `${sign}${whole}.${cents}` as Intl.StringNumericLiteral;
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(decimal);
}

/** The name of an ISO 3166 country code in the given language, e.g. "BD" → "Bangladesh". */
export function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
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
