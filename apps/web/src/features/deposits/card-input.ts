import { cardMessages, isCardExpired, passesLuhn, toAsciiDigits } from '@poisha/contracts';

/**
 * Pure helpers for the card fields of the card deposit form: formatting as the person types and
 * the checks a card provider's own form makes before it sends anything (complete number, Luhn,
 * month and year, CVC). Nothing here keeps or logs a card number.
 */

export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARD_NUMBER_MIN_DIGITS = 12;

/** Messages for incomplete fields; the provider's own messages come from the shared contract. */
export const cardInputMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export type CardField = 'number' | 'expiry' | 'cvc';

export interface CardError {
  field: CardField;
  /** An English sentence, translated through the validation namespace. */
  message: string;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The digits of what was typed; Bangla digits (০–৯) count as 0–9. */
export const onlyDigits = (raw: string): string => toAsciiDigits(raw).replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242"; anything but digits is dropped, at most 19 digits. */
export function formatCardNumber(raw: string): string {
  const digits = onlyDigits(raw).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Where the caret belongs in a formatted value so that it stays after the same digit it was after
 * before formatting (typing in the middle of a number must not throw the caret to the end).
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

/** How many digits a string has before a position in it. */
export const digitsBefore = (value: string, position: number): number => onlyDigits(value.slice(0, position)).length;

/**
 * Formats what the person typed and says where the caret goes. Deleting a separator (the space of
 * "4242 4242" or the slash of "12/34") with backspace deletes the digit before it instead, as a
 * person expects; otherwise the formatting would put the separator straight back.
 */
export function reformat(
  typed: string,
  caret: number,
  previous: string,
  deletingBackward: boolean,
  format: (raw: string) => string,
): { value: string; caret: number } {
  let digits = onlyDigits(typed);
  let before = digitsBefore(typed, caret);
  if (deletingBackward && digits === onlyDigits(previous) && before > 0) {
    digits = digits.slice(0, before - 1) + digits.slice(before);
    before -= 1;
  }
  const atEnd = caret >= typed.length;
  const value = format(digits);
  return { value, caret: atEnd ? value.length : caretAfterDigits(value, before) };
}

/**
 * The expiry field as typed: "1" stays "1", "4" becomes "04" (no month starts with 4), "123"
 * becomes "12/3". The slash is added only once a year digit follows, so backspace never gets stuck.
 */
export function formatExpiry(raw: string): string {
  let digits = onlyDigits(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "MM/YY" → month and four-digit year, or null when it is not a complete, possible date. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const expMonth = Number(match[1]);
  const expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear };
}

/** The first problem with the card fields, in the order they appear, or null when they look right. */
export function checkCard(card: CardInput, now: Date): CardError | null {
  const number = onlyDigits(card.number);
  if (number.length < CARD_NUMBER_MIN_DIGITS) return { field: 'number', message: cardInputMessages.numberIncomplete };
  if (!passesLuhn(number)) return { field: 'number', message: cardMessages.numberInvalid };

  const expiryDigits = onlyDigits(card.expiry);
  if (expiryDigits.length < 4) return { field: 'expiry', message: cardInputMessages.expiryIncomplete };
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { field: 'expiry', message: cardMessages.expiryInvalid };
  if (isCardExpired(expiry, now)) return { field: 'expiry', message: cardMessages.expired };

  const cvc = onlyDigits(card.cvc);
  if (cvc.length < 3) return { field: 'cvc', message: cardInputMessages.cvcIncomplete };
  return null;
}

/** The card provider's field names (number, expMonth, expYear, cvc) mapped to the form's three fields. */
export function cardFieldOf(providerField: string): CardField {
  if (providerField === 'expMonth' || providerField === 'expYear') return 'expiry';
  if (providerField === 'cvc') return 'cvc';
  return 'number';
}
