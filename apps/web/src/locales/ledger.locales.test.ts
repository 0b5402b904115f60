import { describe, expect, it } from 'vitest';
import bnValidation from './bn/validation.json';
import enStatement from './en/statement.json';

// That Bangla has every key of every namespace is checked for all namespaces in locales.test.ts.
describe('translations of the ledger screens', () => {
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
