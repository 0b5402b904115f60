import { cardMessages } from '@poisha/contracts';

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Card';

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** A card is usable through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

export interface CardProblem {
  field: 'number' | 'expMonth' | 'cvc';
  message: string;
}

/** What is wrong with the card details, in the order a person would fix them; null if nothing. */
export function cardProblem(card: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date): CardProblem | null {
  if (!passesLuhn(card.number)) return { field: 'number', message: cardMessages.numberInvalid };
  if (isExpired(card.expMonth, card.expYear, now)) return { field: 'expMonth', message: cardMessages.expired };
  const cvcLength = brandOf(card.number) === 'American Express' ? 4 : 3;
  if (card.cvc.length !== cvcLength) return { field: 'cvc', message: cardMessages.cvcInvalid };
  return null;
}
