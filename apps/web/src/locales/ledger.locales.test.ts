import { describe, expect, it } from 'vitest';
import bnAccount from './bn/account.json';
import bnStatement from './bn/statement.json';
import bnTransfers from './bn/transfers.json';
import bnValidation from './bn/validation.json';
import enAccount from './en/account.json';
import enStatement from './en/statement.json';
import enTransfers from './en/transfers.json';

/** Every key path of a nested translation object, e.g. "confirm.title". */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations of the ledger screens', () => {
  it.each([
    ['transfers', enTransfers, bnTransfers],
    ['statement', enStatement, bnStatement],
    ['account', enAccount, bnAccount],
  ])('Bangla has every %s text that English has', (_namespace, en, bn) => {
    expect(keys(bn).sort()).toEqual(keys(en).sort());
  });

  it('names every kind of statement entry', () => {
    const kinds = ['welcome_bonus', 'transfer', 'bank_deposit', 'card_deposit', 'paypal_deposit'];
    expect(Object.keys(enStatement.types).sort()).toEqual([...kinds].sort());
  });

  it('Bangla translates the Send Money messages of the spec and the API', () => {
    const sentences = [
      'Phone Number is required',
      'Please Type Your Amount',
      'Provide Valid Amount',
      'Reference is required',
      'Only Number is allowed',
      'No Poisha wallet has this number',
      'You cannot send money to yourself',
      'Your balance is too low for this amount',
      'This bank account is already linked',
    ];
    const translated = new Set(Object.keys(bnValidation));
    expect(sentences.filter((sentence) => !translated.has(sentence))).toEqual([]);
  });
});
