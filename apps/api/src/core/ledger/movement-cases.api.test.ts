import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';
import { BusinessRuleError } from '../errors.js';
import { verifyJournalChain } from './chain-check.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from './ledger.js';
import type { LedgerAccount } from './movement-rules.js';
import { walletOf } from './wallets.js';

/**
 * The movement-case table: every rule of movement-rules.ts and each of its refusals, run through
 * moveMoney against the database's own writer (this file runs on SQLite and on PostgreSQL). Each
 * case starts from fresh wallets with known balances; after each, the ledger's invariants hold and
 * the hash chain verifies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOURCE = systemAccount(SYSTEM_ACCOUNTS.bankSettlement);
const wallet = (id: string): LedgerAccount => ({ id, kind: 'wallet' });

/** A new wallet holding `balanceCents` (moved in from a system account), and whether it is to be closed. */
async function newWallet(balanceCents: number, closed = false): Promise<string> {
  const user = await signUp(t.app, { provePhone: false, setPin: false });
  const { id, balance } = await walletOf(t.db.kysely, user.user.id);
  if (balanceCents > balance) await move(SOURCE, wallet(id), balanceCents - balance);
  else if (balanceCents < balance) await move(wallet(id), SOURCE, balance - balanceCents);
  if (closed) await t.db.kysely.updateTable('accounts').set({ closed_at: new Date().toISOString() }).where('id', '=', id).execute();
  return id;
}

const move = (debit: LedgerAccount, credit: LedgerAccount, amountCents: number) =>
  t.db.movementTransaction((trx) => moveMoney(trx, { kind: 'transfer', debit, credit, amountCents, reference: 'case', nowMs: Date.now() }));

interface WalletRow {
  id: string;
  balance: number;
  entries_in: number;
  entries_out: number;
}
const walletRows = async (ids: string[]): Promise<WalletRow[]> =>
  t.db.kysely.selectFrom('accounts').select(['id', 'balance', 'entries_in', 'entries_out']).where('id', 'in', ids).orderBy('id').execute();
const transferCount = async () => Number((await t.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** The ledger's invariants over every account these cases touched. */
async function expectLedgerWhole(ids: string[]): Promise<void> {
  const total = await t.db.kysely.selectFrom('postings').select(sql<string>`cast(coalesce(sum(amount), 0) as bigint)`.as('sum')).executeTakeFirstOrThrow();
  expect(Number(total.sum)).toBe(0);
  for (const row of await walletRows(ids)) {
    const postings = await t.db.kysely
      .selectFrom('postings')
      .select([sql<string>`cast(coalesce(sum(amount), 0) as bigint)`.as('sum'), sql<string>`count(case when direction = 'in' then 1 end)`.as('ins'), sql<string>`count(case when direction = 'out' then 1 end)`.as('outs')])
      .where('account_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(row.balance).toBeGreaterThanOrEqual(0);
    expect({ balance: Number(postings.sum), entriesIn: Number(postings.ins), entriesOut: Number(postings.outs) }).toEqual({ balance: row.balance, entriesIn: row.entries_in, entriesOut: row.entries_out });
  }
  const chain = await verifyJournalChain(t.db.kysely);
  expect(chain.ok).toBe(true);
}

type Side = { wallet: { balance: number; closed?: boolean } } | 'system';
interface MovementCase {
  name: string;
  debit: Side;
  credit: Side;
  amountCents: number;
  /** The balances after (null: a system account), or the refusal's error code. */
  expected: { debit: number | null; credit: number | null } | { refused: string };
}

const cases: MovementCase[] = [
  { name: 'wallet to wallet', debit: { wallet: { balance: 5_000 } }, credit: { wallet: { balance: 700 } }, amountCents: 1_234, expected: { debit: 3_766, credit: 1_934 } },
  { name: 'the whole balance, down to zero', debit: { wallet: { balance: 5_000 } }, credit: { wallet: { balance: 0 } }, amountCents: 5_000, expected: { debit: 0, credit: 5_000 } },
  { name: 'one cent more than the balance', debit: { wallet: { balance: 5_000 } }, credit: { wallet: { balance: 0 } }, amountCents: 5_001, expected: { refused: 'insufficient_funds' } },
  { name: 'from an empty wallet', debit: { wallet: { balance: 0 } }, credit: { wallet: { balance: 10 } }, amountCents: 1, expected: { refused: 'insufficient_funds' } },
  { name: 'one cent', debit: { wallet: { balance: 1 } }, credit: { wallet: { balance: 0 } }, amountCents: 1, expected: { debit: 0, credit: 1 } },
  { name: 'from a system account (a deposit): only the wallet changes', debit: 'system', credit: { wallet: { balance: 250 } }, amountCents: 99_999, expected: { debit: null, credit: 100_249 } },
  { name: 'to a system account (money out): only the wallet changes', debit: { wallet: { balance: 800 } }, credit: 'system', amountCents: 800, expected: { debit: 0, credit: null } },
  { name: 'to a system account, more than the balance', debit: { wallet: { balance: 800 } }, credit: 'system', amountCents: 801, expected: { refused: 'insufficient_funds' } },
  { name: 'into a closed wallet', debit: { wallet: { balance: 5_000 } }, credit: { wallet: { balance: 0, closed: true } }, amountCents: 100, expected: { refused: 'unknown_recipient' } },
  { name: 'out of a closed wallet', debit: { wallet: { balance: 5_000, closed: true } }, credit: { wallet: { balance: 0 } }, amountCents: 100, expected: { refused: 'unknown_recipient' } },
  { name: 'from a system account into a closed wallet', debit: 'system', credit: { wallet: { balance: 0, closed: true } }, amountCents: 100, expected: { refused: 'unknown_recipient' } },
];

describe(`the movement-case table, on ${testDatabase}'s writer`, () => {
  it.each(cases)('$name', async ({ debit, credit, amountCents, expected }) => {
    const debitId = debit === 'system' ? null : await newWallet(debit.wallet.balance, debit.wallet.closed);
    const creditId = credit === 'system' ? null : await newWallet(credit.wallet.balance, credit.wallet.closed);
    const ids = [debitId, creditId].filter((id): id is string => id !== null);
    const before = { rows: await walletRows(ids), transfers: await transferCount() };

    const moving = move(debitId ? wallet(debitId) : SOURCE, creditId ? wallet(creditId) : systemAccount(SYSTEM_ACCOUNTS.welcomeBonus), amountCents);
    if ('refused' in expected) {
      const error = await moving.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BusinessRuleError);
      expect((error as BusinessRuleError).code).toBe(expected.refused);
      // Refused: nothing written, not even the side a writer had already changed.
      expect({ rows: await walletRows(ids), transfers: await transferCount() }).toEqual(before);
    } else {
      const result = await moving;
      expect({ debit: result.debitBalanceAfter, credit: result.creditBalanceAfter }).toEqual(expected);
      const postings = await t.db.kysely.selectFrom('postings').select(['account_id', 'amount', 'balance_after']).where('transfer_id', '=', result.transferId).orderBy('amount').execute();
      expect(postings).toEqual([
        { account_id: debitId ?? SOURCE.id, amount: -amountCents, balance_after: expected.debit },
        { account_id: creditId ?? SYSTEM_ACCOUNTS.welcomeBonus, amount: amountCents, balance_after: expected.credit },
      ]);
      expect(await transferCount()).toBe(before.transfers + 1);
    }
    await expectLedgerWhole(ids);
  });

  it('a refused debit rolls back the credit its writer had already made (the credit wallet comes first in lock order)', async () => {
    const ids = [await newWallet(0), await newWallet(0)].sort();
    const [first, second] = ids as [string, string];
    // The debit is the second wallet in lock order: the first (the credit) is changed, then the debit refuses.
    const before = { rows: await walletRows(ids), transfers: await transferCount() };
    await expect(move(wallet(second), wallet(first), 1)).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect({ rows: await walletRows(ids), transfers: await transferCount() }).toEqual(before);
    await expectLedgerWhole(ids);
  });

  it.each([
    { name: 'zero', amountCents: 0 },
    { name: 'negative', amountCents: -5 },
    { name: 'a fraction of a cent', amountCents: 1.5 },
    { name: 'beyond exact integers', amountCents: 2 ** 53 },
  ])('refuses an amount that is $name as a programming error, writing nothing', async ({ amountCents }) => {
    const [from, to] = [await newWallet(1_000), await newWallet(0)];
    const before = await transferCount();
    await expect(move(wallet(from), wallet(to), amountCents)).rejects.toThrow(/amount must be a positive integer/);
    expect(await transferCount()).toBe(before);
  });

  it('refuses a movement from an account to itself', async () => {
    const id = await newWallet(1_000);
    await expect(move(wallet(id), wallet(id), 1)).rejects.toThrow(/must differ/);
  });
});
