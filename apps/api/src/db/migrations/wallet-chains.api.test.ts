import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyJournalChain } from '../../core/ledger/chain-check.js';
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

    const places = await kysely.selectFrom('postings').select(['transfer_id', 'account_id', 'wallet_place', 'prev_hash']).orderBy('account_id').orderBy('wallet_place').execute();
    expect(places.filter((posting) => posting.account_id !== 'system:settlement:bank')).toEqual([
      { transfer_id: 't-1', account_id: 'w1', wallet_place: 1, prev_hash: null },
      { transfer_id: 't-2', account_id: 'w1', wallet_place: 2, prev_hash: null },
      { transfer_id: 't-3', account_id: 'w1', wallet_place: 3, prev_hash: null },
      { transfer_id: 't-2', account_id: 'w2', wallet_place: 1, prev_hash: null },
    ]);
    // System accounts have no chain (they are never locked).
    expect(places.filter((posting) => posting.account_id === 'system:settlement:bank').map((posting) => posting.wallet_place)).toEqual([null, null]);
    const hashOf = async (id: string) => (await kysely.selectFrom('transfers').select('hash').where('id', '=', id).executeTakeFirstOrThrow()).hash;
    const heads = await kysely.selectFrom('accounts').select(['id', 'chain_hash']).where('id', 'in', ['w1', 'w2']).orderBy('id').execute();
    expect(heads).toEqual([
      { id: 'w1', chain_hash: await hashOf('t-3') },
      { id: 'w2', chain_hash: await hashOf('t-2') },
    ]);
    expect(await verifyJournalChain(kysely)).toMatchObject({ ok: true, transfers: 3, wallets: 2, globalHeadSeq: 3 });

    // A new movement links each wallet's posting to that wallet's newest entry of the old chain.
    const moved = await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'transfer', debit: { id: 'w2', kind: 'wallet' }, credit: { id: 'w1', kind: 'wallet' }, amountCents: 100, nowMs: Date.UTC(2026, 10, 29) }),
    );
    const linked = await kysely.selectFrom('postings').select(['account_id', 'wallet_place', 'prev_hash']).where('transfer_id', '=', moved.transferId).orderBy('account_id').execute();
    expect(linked).toEqual([
      { account_id: 'w1', wallet_place: 4, prev_hash: await hashOf('t-3') },
      { account_id: 'w2', wallet_place: 2, prev_hash: await hashOf('t-2') },
    ]);
    const deposit = await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'bank_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.bankSettlement), credit: { id: 'w2', kind: 'wallet' }, amountCents: 5, nowMs: Date.UTC(2026, 10, 29, 1) }),
    );
    expect(await kysely.selectFrom('postings').select(['account_id', 'wallet_place', 'prev_hash']).where('transfer_id', '=', deposit.transferId).orderBy('account_id').execute()).toEqual([
      { account_id: SYSTEM_ACCOUNTS.bankSettlement, wallet_place: null, prev_hash: null },
      { account_id: 'w2', wallet_place: 3, prev_hash: await hashOf(moved.transferId) },
    ]);
    expect(await verifyJournalChain(kysely)).toMatchObject({ ok: true, transfers: 5, wallets: 2, globalHeadSeq: 3 });
    expect((await kysely.selectFrom('transfers').select('chain_seq').where('id', '=', moved.transferId).executeTakeFirstOrThrow()).chain_seq).toBeNull();

    // The guards are back after the backfill, and the global chain's head is frozen.
    await expect(kysely.updateTable('postings').set({ balance_after: 1 }).where('transfer_id', '=', 't-1').execute()).rejects.toThrow(/immutable/);
    await expect(kysely.updateTable('journal_chain_head').set({ seq: 4 }).execute()).rejects.toThrow(/immutable/);
    await expect(kysely.deleteFrom('journal_chain_head').execute()).rejects.toThrow(/immutable/);
  });
});
