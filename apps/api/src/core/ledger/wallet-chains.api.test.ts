import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';
import { verifyJournalChain } from './chain-check.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from './ledger.js';

// Each wallet's entries form a chain of their own, linked under the wallet row's lock (decision
// 0048): on PostgreSQL, movements between other wallets never wait for one another. SQLite has one
// writer anyway, so these are PostgreSQL's tests; the chains' checks run on both (journal-chain.api.test.ts).
let t: TestApp;
let wallets: SignedUp[];
beforeAll(async () => {
  t = await createTestApp();
  wallets = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
});
afterAll(() => t.close());

const walletAccount = async (user: SignedUp) =>
  (await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', user.user.id).where('kind', '=', 'wallet').executeTakeFirstOrThrow()).id;

describe.skipIf(testDatabase !== 'postgres')("the wallets' hash chains on PostgreSQL", () => {
  it('does not hold up other transfers while a movement’s transaction is still open', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let moved!: () => void;
    const movedYet = new Promise<void>((resolve) => (moved = resolve));
    const heldAccount = await walletAccount(wallets[0]!);
    const open = t.db.kysely.transaction().execute(async (trx) => {
      const result = await moveMoney(trx, {
        kind: 'bank_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.bankSettlement), credit: { id: heldAccount, kind: 'wallet' },
        amountCents: 500, reference: 'held', nowMs: t.clock(),
      });
      moved();
      await held;
      return result;
    });
    await movedYet;

    // Other wallets than the open transaction's: only a global chain could make this one wait.
    const response = await Promise.race([
      t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(wallets[1]!.token), payload: { pin: TEST_PIN, to: wallets[2]!.phone, amount: 100, reference: '7' } }),
      new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 3_000)),
    ]);
    finish();
    const heldTransfer = await open;
    expect(response === 'held up' ? response : response.statusCode).toBe(201);

    // Both are linked, each into its own wallets' chains, and nothing is in a global order.
    const linked = await t.db.kysely.selectFrom('transfers').select(['id', 'chain_seq', 'hash']).where('id', 'in', [heldTransfer.transferId, response === 'held up' ? '' : response.json().id]).execute();
    expect(linked.map((row) => ({ seq: row.chain_seq, hashed: /^[0-9a-f]{64}$/.test(row.hash ?? '') }))).toEqual([
      { seq: null, hashed: true },
      { seq: null, hashed: true },
    ]);
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: true });
  });

  it('gives every entry the hash the TypeScript encoding gives, whatever the amounts, balances and texts', async () => {
    // PostgreSQL builds each entry's bytes with json_build_array from the amount, the balance after
    // and the place; verify-chain rebuilds them in TypeScript (canonicalEntryV2) and compares.
    const account = await walletAccount(wallets[2]!);
    const text = fc.option(fc.string({ unit: 'binary', maxLength: 30 }).filter((value) => !value.includes('\u0000')), { nil: null });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amountCents: fc.integer({ min: 1, max: 2 ** 40 }),
          reference: text,
          counterparty: text,
          // Any millisecond from 2001 to 2099.
          nowMs: fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 11, 31) }),
        }),
        async (movement) => {
          await t.db.kysely.transaction().execute((trx) =>
            moveMoney(trx, { kind: 'card_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.cardSettlement), credit: { id: account, kind: 'wallet' }, ...movement }),
          );
        },
      ),
      { numRuns: 60 },
    );
    expect(await verifyJournalChain(t.db.kysely, { batchSize: 25 })).toMatchObject({ ok: true });
  });

  it('lets nothing change a transfer’s hash or its postings’ links, not even its own transaction', async () => {
    const linked = await t.db.kysely.selectFrom('transfers').select('id').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    await expect(t.db.kysely.updateTable('transfers').set({ hash: 'f'.repeat(64) } as never).where('id', '=', linked.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.kysely.updateTable('postings').set({ wallet_place: 1 } as never).where('transfer_id', '=', linked.id).execute()).rejects.toThrow(/immutable/);

    const account = await walletAccount(wallets[1]!);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        const moved = await moveMoney(trx, { kind: 'bank_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.bankSettlement), credit: { id: account, kind: 'wallet' }, amountCents: 1, nowMs: t.clock() });
        await trx.updateTable('transfers').set({ chain_seq: 1_000_000, prev_hash: '0'.repeat(64), hash: 'f'.repeat(64) } as never).where('id', '=', moved.transferId).execute();
      }),
    ).rejects.toThrow(/immutable/);
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: true });
  });
});
