/**
 * Card rules shared by the card form (checked as the person types) and the card provider (checked
 * again before a payment method is made). Pure functions: no card data is stored by them.
 */

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month (UTC, as the provider sees it). */
export function isCardExpired(expiry: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.expYear < year || (expiry.expYear === year && expiry.expMonth < month);
}

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Card';

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}
