import { cardMessages, depositMessages, moneyMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnValidation from '../../locales/bn/validation.json';
import { cardInputMessages } from './card-input';

// That Bangla has every deposits text is checked for every namespace in locales/locales.test.ts.
describe('deposit translations', () => {
  it('Bangla translates every message the add-money forms can show', () => {
    const translated = new Set(Object.keys(bnValidation));
    const shown = [...Object.values(depositMessages), ...Object.values(moneyMessages), ...Object.values(cardMessages), ...Object.values(cardInputMessages)];
    expect(shown.filter((message) => !translated.has(message))).toEqual([]);
  });
});
