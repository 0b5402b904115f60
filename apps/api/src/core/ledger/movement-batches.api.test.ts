import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFileIn } from '../../db/database.js';
import { walletOf, type Wallet } from './wallets.js';
import { moveMoney } from './ledger.js';
import { BusinessRuleError } from '../errors.js';
import { balanceOf, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

/** Set by a test to hold a batch between its last savepoint and its COMMIT. */
let holdCommit: Promise<void> | null = null;
const batchSizes: number[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    groupCommit: {
      beforeCommit: async (size) => {
        batchSizes.push(size);
        await holdCommit;
      },
    },
  });
});
afterAll(() => t.close());

/**
 * Whether a transfer is committed, seen from another connection than the server's: on SQLite a
 * second connection to the file (the server's own would see its open transaction), on
 * PostgreSQL any pooled connection outside the movement's transaction.
 */
async function isCommitted(transferId: string): Promise<boolean> {
  if (testDatabase === 'sqlite') {
    const reader = new SQLite(sqliteFileIn(t.config.DATA_DIR), { readonly: true });
    try {
      return reader.prepare('select 1 from transfers where id = ?').get(transferId) !== undefined;
    } finally {
      reader.close();
    }
  }
  return (await t.db.kysely.selectFrom('transfers').select('id').where('id', '=', transferId).executeTakeFirst()) !== undefined;
}

const transfer = (from: SignedUp, to: SignedUp, amount: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '7' } });

describe('movements gathered into one commit', () => {
  it('rolls back only the refused movement of a batch, even the credit it had already written', async () => {
    const users = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const withWallets = await Promise.all(users.map(async (user) => ({ user, wallet: await walletOf(t.db.kysely, user.user.id) })));
    // The payer's wallet has the highest id: rows change in id order, so a refused payment has
    // already credited its receiver when the debit fails.
    withWallets.sort((left, right) => (left.wallet.id < right.wallet.id ? -1 : 1));
    const [rich, other, receiver, payer] = withWallets.map((entry) => entry.user) as [SignedUp, SignedUp, SignedUp, SignedUp];
    const [richWallet, otherWallet, receiverWallet, payerWallet] = withWallets.map((entry) => entry.wallet) as [Wallet, Wallet, Wallet, Wallet];
    const move = (from: Wallet, to: Wallet, amountCents: number) =>
      t.db.movementTransaction((trx) =>
        moveMoney(trx, { kind: 'transfer', debit: { id: from.id, kind: 'wallet' }, credit: { id: to.id, kind: 'wallet' }, amountCents, reference: '7', nowMs: Date.now() }),
      );
    const sizesBefore = batchSizes.length;

    // Queued in one turn of the event loop: one batch on SQLite. The payer can afford one of its
    // two payments; whichever runs second is refused after its wallets' rows were touched in id order.
    const outcomes = await Promise.allSettled([
      move(payerWallet, receiverWallet, 70_000),
      move(richWallet, otherWallet, 1_000),
      move(payerWallet, otherWallet, 70_000),
      move(otherWallet, receiverWallet, 2_000),
      t.db.movementTransaction(async (trx) => {
        await moveMoney(trx, { kind: 'transfer', debit: { id: richWallet.id, kind: 'wallet' }, credit: { id: receiverWallet.id, kind: 'wallet' }, amountCents: 5, reference: '7', nowMs: Date.now() });
        throw new Error('a bug after the movement');
      }),
    ]);

    if (testDatabase === 'sqlite') expect(batchSizes.slice(sizesBefore)).toEqual([5]);
    // On SQLite the batch runs in order, so the second payment is the refused one; on PostgreSQL
    // the transactions race and either may be.
    const statuses = outcomes.map((outcome) => outcome.status);
    const refused = statuses[0] === 'rejected' ? 0 : 2;
    if (testDatabase === 'sqlite') expect(refused).toBe(2);
    expect(statuses).toEqual(refused === 2 ? ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected'] : ['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[refused] as PromiseRejectedResult).reason).toBeInstanceOf(BusinessRuleError);
    expect(await balanceOf(t.app, payer.token)).toBe(30_000);
    expect(await balanceOf(t.app, rich.token)).toBe(99_000);
    expect(await balanceOf(t.app, other.token)).toBe(99_000 + (refused === 0 ? 70_000 : 0));
    expect(await balanceOf(t.app, receiver.token)).toBe(102_000 + (refused === 2 ? 70_000 : 0));
  });

  it('keeps the other transfers of a batch when one is refused for insufficient funds (HTTP, in parallel)', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    const [poor, ...others] = users as [SignedUp, ...SignedUp[]];
    const responses = await Promise.all([
      transfer(poor, others[0]!, 100_001),
      ...others.map((from, index) => transfer(from, others[(index + 1) % others.length]!, 1_000 + index)),
    ]);
    expect(responses[0]!.statusCode).toBe(422);
    expect(responses[0]!.json().error.code).toBe('insufficient_funds');
    expect(responses.slice(1).map((response) => response.statusCode)).toEqual(others.map(() => 201));
    for (const response of responses.slice(1)) expect(await isCommitted(response.json<{ id: string }>().id)).toBe(true);
    expect(await balanceOf(t.app, poor.token)).toBe(100_000);
  });

  it('answers a transfer only after its batch is committed', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    let release = () => {};
    holdCommit = new Promise((resolve) => {
      release = resolve;
    });
    let answered = false;
    const sent = transfer(alice, bob, 500).then((response) => {
      answered = true;
      return response;
    });
    try {
      if (testDatabase === 'sqlite') {
        // The batch reaches its commit and waits there: no answer, and nothing visible outside.
        const deadline = Date.now() + 5_000;
        const held = batchSizes.length;
        while (batchSizes.length === held && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(batchSizes.length).toBe(held + 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(answered).toBe(false);
        const pending = new SQLite(sqliteFileIn(t.config.DATA_DIR), { readonly: true });
        expect(pending.prepare("select count(*) as n from transfers where reference = '7' and amount = 500").get()).toEqual({ n: 0 });
        pending.close();
      }
    } finally {
      release();
      holdCommit = null;
    }
    const response = await sent;
    expect(response.statusCode).toBe(201);
    expect(await isCommitted(response.json<{ id: string }>().id)).toBe(true);
  });
});
