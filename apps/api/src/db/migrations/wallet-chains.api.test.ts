import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyJournalChain } from '../../core/ledger/chain-check.js';
import { entryHash } from '../../core/ledger/journal-chain.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from '../../core/ledger/ledger.js';
import { databaseBeforeMigration, insertEarlyUsers } from '../../test/migration-test.js';

// From before the global chain, so the journal is linked by the migrations as a real one was.
const database = databaseBeforeMigration('2026-11-24T1300-operations');

describe('the wallet-chains migration', () => {
  it("numbers each wallet's existing entries in the journal's order, and new entries carry each wallet's chain on", async () => {
    const { kysely } = database().db;
    await insertEarlyUsers(kysely, ['u1', 'u2']);
    await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values
      ('w1', 'u1', 'wallet', null, 'USD', 600, '2026-11-20T00:00:00.000Z'),
      ('w2', 'u2', 'wallet', null, 'USD', 300, '2026-11-20T00:00:00.000Z')`.execute(kysely);
    // A deposit into w1, a transfer w1 → w2, another deposit into w1; inserted out of order.
    const rows = [
      ['t-3', 'bank_deposit', 'system:settlement:bank', null, 'w1', 600, '2026-11-20T03:00:00.000Z'],
      ['t-1', 'bank_deposit', 'system:settlement:bank', null, 'w1', 500, '2026-11-20T01:00:00.000Z'],
      ['t-2', 'transfer', 'w1', 200, 'w2', 300, '2026-11-20T02:00:00.000Z'],
    ] as const;
    for (const [id, kind, debit, debitAfter, credit, creditAfter, createdAt] of rows) {
      const amount = id === 't-2' ? 300 : id === 't-1' ? 500 : 400;
      await sql`insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at)
        values (${id}, ${kind}, ${amount}, null, null, 'u1', ${createdAt})`.execute(kysely);
      await sql`insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at) values
        (${id}, ${debit}, ${-amount}, 'out', ${debitAfter}, ${createdAt}),
        (${id}, ${credit}, ${amount}, 'in', ${creditAfter}, ${createdAt})`.execute(kysely);
    }

    await database().migrate();

    const hashOf = async (id: string) => (await kysely.selectFrom('transfers').select('hash').where('id', '=', id).executeTakeFirstOrThrow()).hash;
    const places = await kysely.selectFrom('postings').select(['transfer_id', 'account_id', 'wallet_place', 'chain_hash']).orderBy('account_id').orderBy('wallet_place').execute();
    // A wallet's places follow its postings' ids (here the order they were inserted in; in the
    // application, the order its balances went). Each old entry's hash is its transfer's hash of
    // version 1, which the global chain covers.
    expect(places.filter((posting) => posting.account_id !== 'system:settlement:bank')).toEqual([
      { transfer_id: 't-3', account_id: 'w1', wallet_place: 1, chain_hash: await hashOf('t-3') },
      { transfer_id: 't-1', account_id: 'w1', wallet_place: 2, chain_hash: await hashOf('t-1') },
      { transfer_id: 't-2', account_id: 'w1', wallet_place: 3, chain_hash: await hashOf('t-2') },
      { transfer_id: 't-2', account_id: 'w2', wallet_place: 1, chain_hash: await hashOf('t-2') },
    ]);
    // System accounts have no chain (they are never locked).
    expect(places.filter((posting) => posting.account_id === 'system:settlement:bank').map((posting) => [posting.wallet_place, posting.chain_hash])).toEqual([[null, null], [null, null]]);
    const heads = await kysely.selectFrom('accounts').select(['id', 'chain_hash']).where('id', 'in', ['w1', 'w2']).orderBy('id').execute();
    expect(heads).toEqual([
      { id: 'w1', chain_hash: await hashOf('t-2') },
      { id: 'w2', chain_hash: await hashOf('t-2') },
    ]);
    expect(await verifyJournalChain(kysely)).toMatchObject({ ok: true, transfers: 3, wallets: 2, globalHeadSeq: 3 });

    // A new movement hashes each wallet's entry over that wallet's newest entry of the old chain.
    const moved = await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'transfer', debit: { id: 'w2', kind: 'wallet' }, credit: { id: 'w1', kind: 'wallet' }, amountCents: 100, nowMs: Date.UTC(2026, 10, 29) }),
    );
    const contentHash = (await hashOf(moved.transferId))!;
    const linked = await kysely.selectFrom('postings').select(['account_id', 'wallet_place', 'chain_hash']).where('transfer_id', '=', moved.transferId).orderBy('account_id').execute();
    const w1Entry = entryHash({ contentHash, accountId: 'w1', amount: 100, balanceAfter: 700, place: 4, previousHash: await hashOf('t-2') });
    const w2Entry = entryHash({ contentHash, accountId: 'w2', amount: -100, balanceAfter: 200, place: 2, previousHash: await hashOf('t-2') });
    expect(linked).toEqual([
      { account_id: 'w1', wallet_place: 4, chain_hash: w1Entry },
      { account_id: 'w2', wallet_place: 2, chain_hash: w2Entry },
    ]);
    const deposit = await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'bank_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.bankSettlement), credit: { id: 'w2', kind: 'wallet' }, amountCents: 5, nowMs: Date.UTC(2026, 10, 29, 1) }),
    );
    const depositEntry = entryHash({ contentHash: (await hashOf(deposit.transferId))!, accountId: 'w2', amount: 5, balanceAfter: 205, place: 3, previousHash: w2Entry });
    expect(await kysely.selectFrom('postings').select(['account_id', 'wallet_place', 'chain_hash']).where('transfer_id', '=', deposit.transferId).orderBy('account_id').execute()).toEqual([
      { account_id: SYSTEM_ACCOUNTS.bankSettlement, wallet_place: null, chain_hash: null },
      { account_id: 'w2', wallet_place: 3, chain_hash: depositEntry },
    ]);
    expect(await kysely.selectFrom('accounts').select(['id', 'chain_hash']).where('id', 'in', ['w1', 'w2']).orderBy('id').execute()).toEqual([
      { id: 'w1', chain_hash: w1Entry },
      { id: 'w2', chain_hash: depositEntry },
    ]);
    expect(await verifyJournalChain(kysely)).toMatchObject({ ok: true, transfers: 5, wallets: 2, globalHeadSeq: 3 });
    expect((await kysely.selectFrom('transfers').select('chain_seq').where('id', '=', moved.transferId).executeTakeFirstOrThrow()).chain_seq).toBeNull();

    // The guards are back after the backfill, and the global chain's head is frozen.
    await expect(kysely.updateTable('postings').set({ balance_after: 1 }).where('transfer_id', '=', 't-1').execute()).rejects.toThrow(/immutable/);
    await expect(kysely.updateTable('journal_chain_head').set({ seq: 4 }).execute()).rejects.toThrow(/immutable/);
    await expect(kysely.deleteFrom('journal_chain_head').execute()).rejects.toThrow(/immutable/);
  });
});
