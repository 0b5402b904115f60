import { centsToDecimal } from '@poisha/contracts';

/**
 * Formats an integer number of minor units (cents) as money, exactly: the amount is turned into a
 * decimal string by integer arithmetic and Intl formats that string, so no binary fraction is ever
 * involved (1005 cents is "$10.05", never "$10.049999").
 */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const decimal = centsToDecimal(amountMinor) as Intl.StringNumericLiteral;
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
