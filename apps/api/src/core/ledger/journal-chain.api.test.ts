import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { PostingsTable, TransfersTable } from '../../db/schema.js';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { asIntruder } from '../../test/intruder.js';
import { runOps } from '../../ops/ops.js';
import { createTestApp, MemoryMailer, testDatabase, type TestApp } from '../../test/test-app.js';
import { firstAlteredTransfer, verifyJournalChain } from './chain-check.js';
import { entryHash, transferHash } from './journal-chain.js';

/**
 * The journal's hash chains (decision 0048) as the operator's check sees them: a wallet's chain of
 * entries, each transfer's own hash, and what a person with database access can do to them.
 */
let t: TestApp;
const wallets: SignedUp[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (let index = 0; index < 6; index += 1) wallets.push(await signUp(t.app));
});
afterAll(() => t.close());

const send = (from: SignedUp, to: SignedUp, amount: number, reference = '13') =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference } });

/** A transfer between two wallets, with its postings ordered by account: the wallets' places in their chains. */
async function walletTransfer(offset: number) {
  const transfer = await t.db.kysely.selectFrom('transfers').selectAll().where('kind', '=', 'transfer').orderBy('created_at').orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow();
  const postings = await t.db.kysely.selectFrom('postings').selectAll().where('transfer_id', '=', transfer.id).orderBy('account_id').execute();
  return { transfer, postings };
}

/** The entry after `place` in a wallet's chain. */
const entryAt = (accountId: string, place: number) =>
  t.db.kysely.selectFrom('postings').select('transfer_id').where('account_id', '=', accountId).where('wallet_place', '=', place).executeTakeFirst();

describe(`the journal's hash chains (${testDatabase})`, () => {
  it("links every transfer of 120 simultaneous requests into its wallets' chains, without a gap", async () => {
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, index) => send(wallets[index % 6]!, wallets[(index + 1 + (index % 5)) % 6]!, 100 + index)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(120);

    const check = await verifyJournalChain(t.db.kysely, { batchSize: 50 });
    const transfers = await t.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(check).toMatchObject({ ok: true, transfers: Number(transfers.n), globalHeadSeq: 0 });
    // Every wallet: places 1..n, the row naming its newest entry's hash.
    for (const wallet of await t.db.kysely.selectFrom('accounts').select(['id', 'entries_in', 'entries_out', 'chain_hash']).where('kind', '=', 'wallet').execute()) {
      const chain = await t.db.kysely
        .selectFrom('postings')
        .innerJoin('transfers', 'transfers.id', 'postings.transfer_id')
        .select(['postings.transfer_id', 'postings.account_id', 'postings.amount', 'postings.balance_after', 'postings.wallet_place', 'postings.chain_hash', 'transfers.hash'])
        .where('postings.account_id', '=', wallet.id)
        .orderBy('postings.wallet_place')
        .execute();
      expect(chain.map((entry) => entry.wallet_place)).toEqual(Array.from({ length: wallet.entries_in + wallet.entries_out }, (_, index) => index + 1));
      // Each entry's hash is over the transfer's content hash, the entry and the entry before.
      chain.forEach((entry, index) => {
        const previousHash = index === 0 ? null : chain[index - 1]!.chain_hash;
        expect(entry.chain_hash).toBe(entryHash({ contentHash: entry.hash!, accountId: wallet.id, amount: entry.amount, balanceAfter: entry.balance_after!, place: entry.wallet_place!, previousHash }));
      });
      expect(wallet.chain_hash).toBe(chain.at(-1)?.chain_hash ?? null);
    }
  });

  it('names a transfer changed by hand, and verifies again once it is restored', async () => {
    const { transfer: victim } = await walletTransfer(10);
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: victim.amount + 1 }).where('id', '=', victim.id).execute());
    expect(await verifyJournalChain(t.db.kysely, { batchSize: 7 })).toMatchObject({ ok: false, broken: { reason: 'content_altered', chain: 'transfers', transferId: victim.id } });

    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: victim.amount }).where('id', '=', victim.id).execute());
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it("names the entry whose balance after, or place, was changed by hand", async () => {
    const { transfer: victim, postings } = await walletTransfer(30);
    const posting = postings[0]!;
    for (const [change, reason] of [
      [{ balance_after: posting.balance_after! + 100 }, 'content_altered'],
      [{ wallet_place: posting.wallet_place! + 1000 }, 'transfer_missing'],
    ] as const) {
      await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set(change as never).where('id', '=', posting.id).execute());
      expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason, chain: posting.account_id } });
      expect(await firstAlteredTransfer(t.db.kysely, [victim.id])).toBe(victim.id);
      await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set({ balance_after: posting.balance_after, wallet_place: posting.wallet_place } as never).where('id', '=', posting.id).execute());
    }
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it('is what `npm run ops -- verify-chain` checks: exit 0 on sound chains, 1 naming the first broken link', async () => {
    const run = async () => {
      const lines: string[] = [];
      const code = await runOps(['verify-chain', '--operator', 'ana'], {
        db: t.db, config: t.config, mailer: new MemoryMailer(), log: t.app.log, defaultOperator: undefined, now: t.clock,
        readStdin: async () => '', out: (line) => lines.push(line), err: (line) => lines.push(line),
      });
      return { code, text: lines.join('\n') };
    };
    const sound = await run();
    expect(sound.code).toBe(0);
    expect(sound.text).toMatch(/^The journal's hash chains verify: \d+ transfers, \d+ wallets' chains/);

    const { transfer: victim } = await walletTransfer(3);
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: '999' }).where('id', '=', victim.id).execute());
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.text).toContain(`broken in the transfers' own hashes at place - (transfer ${victim.id}): content_altered`);
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: victim.reference }).where('id', '=', victim.id).execute());
    expect((await run()).code).toBe(0);
  });

  it("names a wallet's chain where an entry was deleted by hand, the place and the entry after it", async () => {
    const { transfer: victim, postings } = await walletTransfer(20);
    // The wallets' chains are checked in the order of their ids: the first of the two breaks first.
    const first = postings[0]!;
    const next = await entryAt(first.account_id, first.wallet_place! + 1);
    await withTransferRemoved(victim.id, async () => {
      expect(await verifyJournalChain(t.db.kysely, { batchSize: 13 })).toMatchObject({
        ok: false,
        broken: { reason: 'transfer_missing', chain: first.account_id, place: first.wallet_place, transferId: next!.transfer_id },
      });
    });
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it("names a wallet whose newest entry was deleted by hand: its row no longer names its chain's end", async () => {
    const [newest] = await t.db.kysely.selectFrom('transfers').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).execute();
    await withTransferRemoved(newest!.id, async () => {
      expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'head_mismatch' } });
    });
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it("names a system account's posting changed by hand, a transfer between system accounts added, and a wallet made a system account", async () => {
    const deposit = await t.db.kysely.selectFrom('transfers').select(['id', 'amount']).where('kind', '=', 'welcome_bonus').limit(1).executeTakeFirstOrThrow();
    const source = await t.db.kysely.selectFrom('postings').select(['id', 'amount']).where('transfer_id', '=', deposit.id).where('amount', '<', 0).executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set({ amount: source.amount - 1 }).where('id', '=', source.id).execute());
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'content_altered', chain: 'transfers', transferId: deposit.id } });
    await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set({ amount: source.amount }).where('id', '=', source.id).execute());

    // Its content hash is sound (anyone can compute one), but no wallet's chain takes it in.
    const createdAt = new Date(t.clock()).toISOString();
    const hash = transferHash({ id: 'forged-2', kind: 'bank_deposit', amount: 900, reference: null, counterparty: null, initiatedBy: null, createdAt, debitAccountId: 'system:settlement:bank', creditAccountId: 'system:settlement:card' });
    await t.db.kysely.insertInto('transfers').values({ id: 'forged-2', kind: 'bank_deposit', amount: 900, reference: null, counterparty: null, initiated_by: null, created_at: createdAt, hash }).execute();
    await t.db.kysely
      .insertInto('postings')
      .values([
        { transfer_id: 'forged-2', account_id: 'system:settlement:bank', amount: -900, direction: 'out', balance_after: null, created_at: createdAt },
        { transfer_id: 'forged-2', account_id: 'system:settlement:card', amount: 900, direction: 'in', balance_after: null, created_at: createdAt },
      ])
      .execute();
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'not_in_chain', chain: 'transfers', transferId: 'forged-2' } });
    await withTransferRemoved('forged-2', async () => undefined, { restore: false });

    // A wallet whose kind is changed would drop out of the walk of wallets' chains.
    const { postings } = await walletTransfer(5);
    const walletId = postings[0]!.account_id;
    await t.db.kysely.updateTable('accounts').set({ kind: 'system' }).where('id', '=', walletId).execute();
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'not_in_chain', chain: walletId } });
    await t.db.kysely.updateTable('accounts').set({ kind: 'wallet' }).where('id', '=', walletId).execute();
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it("names two entries of a wallet swapped by hand, and a transfer added around the ledger", async () => {
    const { postings } = await walletTransfer(40);
    const wallet = postings[0]!.account_id;
    const [one, two] = await t.db.kysely.selectFrom('postings').select(['id', 'wallet_place']).where('account_id', '=', wallet).where('wallet_place', 'in', [2, 3]).orderBy('wallet_place').execute();
    const swap = (first: number, second: number) =>
      asIntruder(t.db.kysely, async (db) => {
        await db.updateTable('postings').set({ wallet_place: -1 } as never).where('id', '=', one!.id).execute();
        await db.updateTable('postings').set({ wallet_place: second } as never).where('id', '=', two!.id).execute();
        await db.updateTable('postings').set({ wallet_place: first } as never).where('id', '=', one!.id).execute();
      });
    await swap(3, 2);
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'transfer_missing', chain: wallet, place: 2 } });
    await swap(2, 3);
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);

    // A deposit written straight into the tables with a sound hash, its wallet posting given no place.
    const forged: Insertable<TransfersTable> = { id: 'forged-1', kind: 'bank_deposit', amount: 500, reference: null, counterparty: null, initiated_by: null, created_at: new Date(t.clock()).toISOString() };
    const forgedPostings: Array<Insertable<PostingsTable>> = [
      { transfer_id: 'forged-1', account_id: 'system:settlement:bank', amount: -500, direction: 'out', balance_after: null, created_at: forged.created_at },
      { transfer_id: 'forged-1', account_id: wallet, amount: 500, direction: 'in', balance_after: 1_000_000, created_at: forged.created_at },
    ];
    const hash = transferHash({
      id: 'forged-1', kind: 'bank_deposit', amount: 500, reference: null, counterparty: null, initiatedBy: null, createdAt: String(forged.created_at),
      debitAccountId: 'system:settlement:bank', creditAccountId: wallet,
    });
    await t.db.kysely.insertInto('transfers').values({ ...forged, hash }).execute();
    await t.db.kysely.insertInto('postings').values(forgedPostings).execute();
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'not_in_chain', chain: 'transfers', transferId: 'forged-1' } });
    await withTransferRemoved('forged-1', async () => {
      expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
    }, { restore: false });
  });
});

/** Deletes a transfer and its postings as an intruder would, runs `check`, then puts them back as they were. */
async function withTransferRemoved(transferId: string, check: () => Promise<void>, { restore = true } = {}): Promise<void> {
  const transfer = await t.db.kysely.selectFrom('transfers').selectAll().where('id', '=', transferId).executeTakeFirstOrThrow();
  const postings = await t.db.kysely.selectFrom('postings').selectAll().where('transfer_id', '=', transferId).execute();
  const notifications = await t.db.kysely.selectFrom('notifications').selectAll().where('transfer_id', '=', transferId).execute();
  await asIntruder(t.db.kysely, async (db) => {
    await db.deleteFrom('notifications').where('transfer_id', '=', transferId).execute();
    await db.deleteFrom('postings').where('transfer_id', '=', transferId).execute();
    await db.deleteFrom('transfers').where('id', '=', transferId).execute();
  });
  await check();
  if (!restore) return;
  await asIntruder(t.db.kysely, async (db) => {
    await db.insertInto('transfers').values(transfer as never).execute();
    await db.insertInto('postings').values(postings as never).execute();
    if (notifications.length > 0) await db.insertInto('notifications').values(notifications as never).execute();
  });
}
