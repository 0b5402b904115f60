import { cardMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardFieldOf,
  cardInputMessages,
  checkCard,
  digitsBefore,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  reformat,
} from './card-input';

describe('formatCardNumber', () => {
  it('groups digits in fours as they are typed', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('drops everything but digits and stops at 19 digits', () => {
    expect(formatCardNumber('4242-4242 abc 4242')).toBe('4242 4242 4242');
    expect(formatCardNumber('1234 5678 9012 3456 7890 1234')).toBe('1234 5678 9012 3456 789');
  });

  it('does not end with a space after a full group', () => {
    expect(formatCardNumber('42424242')).toBe('4242 4242');
  });
});

describe('caret placement', () => {
  it('keeps the caret after the same digit', () => {
    // "4242 |4242" after typing a digit in the middle: 5 digits before the caret.
    expect(caretAfterDigits('4242 1424 2', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('42', 9)).toBe(2);
  });

  it('counts the digits before a position', () => {
    expect(digitsBefore('4242 42', 6)).toBe(5);
    expect(digitsBefore('4242 42', 0)).toBe(0);
  });
});

describe('reformat', () => {
  it('keeps the caret after the digit typed in the middle', () => {
    // "4242 |4242" and a 1 typed at the caret.
    expect(reformat('4242 14242', 6, '4242 4242', false, formatCardNumber)).toEqual({ value: '4242 1424 2', caret: 6 });
  });

  it('puts the caret at the end when typing at the end', () => {
    expect(reformat('42424', 5, '4242', false, formatCardNumber)).toEqual({ value: '4242 4', caret: 6 });
    expect(reformat('4', 1, '', false, formatExpiry)).toEqual({ value: '04', caret: 2 });
  });

  it('deletes the digit before a separator removed with backspace', () => {
    // "4242 |4242": backspace removes the space, the 2 before it goes instead.
    expect(reformat('42424242', 4, '4242 4242', true, formatCardNumber)).toEqual({ value: '4244 242', caret: 3 });
    expect(reformat('1234', 2, '12/34', true, formatExpiry)).toEqual({ value: '13/4', caret: 1 });
  });

  it('deletes normally when a digit was removed', () => {
    expect(reformat('4242 424', 8, '4242 4242', true, formatCardNumber)).toEqual({ value: '4242 424', caret: 8 });
  });
});

describe('formatExpiry', () => {
  it('adds the slash once a year digit is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
  });

  it('pads a month that can only be one digit', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('429')).toBe('04/29');
  });

  it('lets backspace remove the slash', () => {
    expect(formatExpiry('12/')).toBe('12');
  });
});

describe('parseExpiry', () => {
  it('reads MM/YY as a four-digit year', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry('01/30')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry(' 7 / 2031 ')).toEqual({ expMonth: 7, expYear: 2031 });
  });

  it('refuses impossible or incomplete dates', () => {
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('00/30')).toBeNull();
    expect(parseExpiry('12/3')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
});

describe('checkCard', () => {
  const now = new Date(2026, 4, 15);
  const good = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('passes a complete, valid card', () => {
    expect(checkCard(good, now)).toBeNull();
  });

  it('names the first field with a problem', () => {
    expect(checkCard({ ...good, number: '' }, now)).toEqual({ field: 'number', message: cardInputMessages.numberIncomplete });
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now)).toEqual({ field: 'number', message: cardMessages.numberInvalid });
    expect(checkCard({ ...good, expiry: '12' }, now)).toEqual({ field: 'expiry', message: cardInputMessages.expiryIncomplete });
    expect(checkCard({ ...good, expiry: '13/30' }, now)).toEqual({ field: 'expiry', message: cardMessages.expiryInvalid });
    expect(checkCard({ ...good, expiry: '01/20' }, now)).toEqual({ field: 'expiry', message: cardMessages.expired });
    expect(checkCard({ ...good, cvc: '12' }, now)).toEqual({ field: 'cvc', message: cardInputMessages.cvcIncomplete });
  });
});

describe('cardFieldOf', () => {
  it('maps the provider’s field names to the form’s fields', () => {
    expect(cardFieldOf('number')).toBe('number');
    expect(cardFieldOf('expMonth')).toBe('expiry');
    expect(cardFieldOf('expYear')).toBe('expiry');
    expect(cardFieldOf('cvc')).toBe('cvc');
  });
});
