import { bankAccountMessages, messages, moneyMessages, textMessages, transferKindSchema, transferMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnValidation from './bn/validation.json';
import enStatement from './en/statement.json';

// That Bangla has every key of every namespace is checked for all namespaces in locales.test.ts.
// The texts come from where the API and the schemas take them, never from copies kept here: a
// changed or new message without its translation fails.
describe('translations of the ledger screens', () => {
  it('names every kind of statement entry', () => {
    expect(Object.keys(enStatement.types).sort()).toEqual([...transferKindSchema.options].sort());
  });

  it('Bangla translates the Send Money messages of the shared schemas and the API', () => {
    const sentences = [
      messages.phoneRequired,
      messages.phoneInvalid,
      ...Object.values(moneyMessages),
      ...Object.values(transferMessages),
      ...Object.values(bankAccountMessages),
      ...Object.values(textMessages),
    ];
    const translated = new Set(Object.keys(bnValidation));
    expect(sentences.filter((sentence) => !translated.has(sentence))).toEqual([]);
  });
});
