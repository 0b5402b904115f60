import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BusinessRuleError } from '../errors.js';
import { assertMovable, compareLockOrder, refusalOf, walletSidesInLockOrder, type LedgerAccount } from './movement-rules.js';

const wallet = (id: string): LedgerAccount => ({ id, kind: 'wallet' });
const system = (id: string): LedgerAccount => ({ id, kind: 'system' });

describe('the ledger rules', () => {
  it('wallet sides come in byte order of their ids, whichever side pays, and system accounts are never changed', () => {
    expect(walletSidesInLockOrder({ debit: wallet('b'), credit: wallet('a'), amountCents: 5 })).toEqual([
      { side: 'credit', accountId: 'a', deltaCents: 5 },
      { side: 'debit', accountId: 'b', deltaCents: -5 },
    ]);
    expect(walletSidesInLockOrder({ debit: system('system:settlement:bank'), credit: wallet('w'), amountCents: 7 })).toEqual([{ side: 'credit', accountId: 'w', deltaCents: 7 }]);
    expect(walletSidesInLockOrder({ debit: wallet('w'), credit: system('system:x'), amountCents: 7 })).toEqual([{ side: 'debit', accountId: 'w', deltaCents: -7 }]);
    // Byte order, as PostgreSQL's collate "C": upper case before lower case, '-' before digits.
    expect(['b', 'B', '1', '-'].sort(compareLockOrder)).toEqual(['-', '1', 'B', 'b']);
  });

  it('two opposite movements between the same wallets lock them in the same order', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 1, max: 1_000_000 }), (left, right, amount) => {
        fc.pre(left !== right);
        const there = walletSidesInLockOrder({ debit: wallet(left), credit: wallet(right), amountCents: amount }).map((side) => side.accountId);
        const back = walletSidesInLockOrder({ debit: wallet(right), credit: wallet(left), amountCents: amount }).map((side) => side.accountId);
        expect(back).toEqual(there);
      }),
    );
  });

  it('an amount is a positive whole number of minor units, between two different accounts', () => {
    for (const amountCents of [0, -1, 0.5, Number.NaN, 2 ** 53]) expect(() => assertMovable({ debit: wallet('a'), credit: wallet('b'), amountCents })).toThrow(/positive integer/);
    expect(() => assertMovable({ debit: wallet('a'), credit: wallet('a'), amountCents: 1 })).toThrow(/must differ/);
    expect(() => assertMovable({ debit: wallet('a'), credit: wallet('b'), amountCents: 2 ** 53 - 1 })).not.toThrow();
    // Every movement has a wallet side: a transfer in no wallet's chain would be in no chain at all.
    expect(() => assertMovable({ debit: system('s1'), credit: system('s2'), amountCents: 1 })).toThrow(/a wallet/);
    expect(() => assertMovable({ debit: system('s1'), credit: wallet('b'), amountCents: 1 })).not.toThrow();
  });

  it('a refused side is a closed wallet first, then a debit beyond the balance', () => {
    expect(refusalOf({ closed: true }, -5)).toMatchObject({ code: 'unknown_recipient' });
    expect(refusalOf({ closed: true }, 5)).toMatchObject({ code: 'unknown_recipient' });
    expect(refusalOf({ closed: false }, -5)).toBeInstanceOf(BusinessRuleError);
    expect(refusalOf({ closed: false }, -5)).toMatchObject({ code: 'insufficient_funds' });
    expect(() => refusalOf({ closed: false }, 5)).toThrow(/refused a credit/);
  });
});
