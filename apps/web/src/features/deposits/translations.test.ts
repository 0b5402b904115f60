import { cardMessages, depositMessages, moneyMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnDeposits from '../../locales/bn/deposits.json';
import bnValidation from '../../locales/bn/validation.json';
import enDeposits from '../../locales/en/deposits.json';
import { cardInputMessages } from './card-input';

/** Every key path of a nested translation object, e.g. "card.title". */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('deposit translations', () => {
  it('Bangla has every deposits text that English has', () => {
    expect(keys(bnDeposits).sort()).toEqual(keys(enDeposits).sort());
  });

  it('Bangla translates every message the add-money forms can show', () => {
    const translated = new Set(Object.keys(bnValidation));
    const shown = [...Object.values(depositMessages), ...Object.values(moneyMessages), ...Object.values(cardMessages), ...Object.values(cardInputMessages)];
    expect(shown.filter((message) => !translated.has(message))).toEqual([]);
  });
});
