import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankDepositFormSchema } from './deposits.js';
import { referenceSchema, typedDollarsSchema, typedDollarsToCents } from './money.js';
import { requestMoneyFormSchema } from './money-requests.js';
import { textMessages } from './text.js';
import { sendMoneyFormSchema } from './transfers.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('amounts typed with cents (issue 24, defect 14)', () => {
  it('reads dollars and up to two decimals into cents', () => {
    expect(typedDollarsSchema.parse('75.50')).toBe(7_550);
    expect(typedDollarsSchema.parse('75.5')).toBe(7_550);
    expect(typedDollarsSchema.parse('0.05')).toBe(5);
    expect(typedDollarsSchema.parse('.5')).toBe(50);
    expect(typedDollarsSchema.parse('120')).toBe(12_000);
    expect(typedDollarsSchema.parse('120.')).toBe(12_000);
    expect(typedDollarsSchema.parse(' ৭৫.৫০ ')).toBe(7_550);
    // 0.1 + 0.2 style float errors cannot happen: 1.15 is 115 cents, not 114.99999.
    expect(typedDollarsSchema.parse('1.15')).toBe(115);
  });

  it('refuses three decimals, letters, signs and nothing', () => {
    for (const typed of ['75.505', '7,5', '-5', '1e3', '.', 'abc', '75.50.1']) expect(firstMessage(typedDollarsSchema.safeParse(typed)), typed).toBe('Provide Valid Amount');
    expect(firstMessage(typedDollarsSchema.safeParse('0.00'))).toBe('Amount must be more than 0');
    expect(firstMessage(typedDollarsSchema.safeParse(''))).toBe('Please Type Your Amount');
  });

  it('turns every amount of whole cents back into the same cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), (cents) => {
        const typed = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(typedDollarsToCents(typed)).toBe(cents);
      }),
    );
  });

  it('send, request and bank deposit forms all take cents', () => {
    expect(sendMoneyFormSchema.parse({ receiverNumber: '01712345678', sendAmount: '75.50', reference: 'নভেম্বরের ভাড়া' })).toMatchObject({ amount: 7_550, reference: 'নভেম্বরের ভাড়া' });
    expect(requestMoneyFormSchema.parse({ from: '01712345678', amount: '75.50', note: '' }).amount).toBe(7_550);
    const bank = { accountHolder: 'Rahim', accountHolderNumber: '01712345678', bankId: 'b', bankAccountNumber: '123456789012', amount: '500.25', reference: 'INV-2024/11' };
    expect(bankDepositFormSchema.parse(bank)).toMatchObject({ amount: 50_025, reference: 'INV-2024/11' });
  });
});

describe('a reference is free text of 1 to 50 characters (issue 24, defect 14)', () => {
  it('takes words, Bangla and punctuation, counting characters, not UTF-16 units', () => {
    expect(referenceSchema.parse('November rent')).toBe('November rent');
    expect(referenceSchema.parse('বাড়ি ভাড়া নভেম্বর')).toBe('বাড়ি ভাড়া নভেম্বর');
    expect(referenceSchema.parse('ক'.repeat(50))).toHaveLength(50);
    expect(referenceSchema.parse('😀'.repeat(50))).toBe('😀'.repeat(50));
  });

  it('refuses nothing, more than 50 characters, and hidden characters', () => {
    expect(firstMessage(referenceSchema.safeParse('   '))).toBe('Reference is required');
    expect(firstMessage(referenceSchema.safeParse('x'.repeat(51)))).toBe('Reference must be at most 50 characters');
    expect(firstMessage(referenceSchema.safeParse('rent\u202e'))).toBe(textMessages.invisible);
  });
});
