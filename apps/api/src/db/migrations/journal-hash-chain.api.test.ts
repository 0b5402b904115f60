import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyJournalChain } from '../../core/ledger/chain-check.js';
import { databaseBeforeMigration, insertEarlyUsers } from '../../test/migration-test.js';

const database = databaseBeforeMigration('2026-11-24T1200-proof-under-attack');

describe('the journal-hash-chain migration', () => {
  it('links the existing transfers in created_at, id order, and new ones continue the chain', async () => {
    const { kysely } = database().db;
    await insertEarlyUsers(kysely, ['u1']);
    await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values
      ('w1', 'u1', 'wallet', null, 'USD', 1500, '2026-11-20T00:00:00.000Z')`.execute(kysely);
    // Inserted out of order, two in the same instant: the chain follows created_at, then id.
    const transfers = [
      ['t-c', 500, '2026-11-20T03:00:00.000Z', 1500],
      ['t-b', 300, '2026-11-20T01:00:00.000Z', 1000],
      ['t-a', 700, '2026-11-20T01:00:00.000Z', 700],
    ] as const;
    for (const [id, amount, createdAt, balanceAfter] of transfers) {
      await sql`insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at)
        values (${id}, 'bank_deposit', ${amount}, null, 'BRAC Bank', 'u1', ${createdAt})`.execute(kysely);
      await sql`insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at) values
        (${id}, 'system:settlement:bank', ${-amount}, 'out', null, ${createdAt}),
        (${id}, 'w1', ${amount}, 'in', ${balanceAfter}, ${createdAt})`.execute(kysely);
    }

    await database().migrate();

    const chained = await kysely.selectFrom('transfers').select(['id', 'chain_seq']).orderBy('chain_seq').execute();
    expect(chained).toEqual([
      { id: 't-a', chain_seq: 1 },
      { id: 't-b', chain_seq: 2 },
      { id: 't-c', chain_seq: 3 },
    ]);
    expect(await verifyJournalChain(kysely)).toMatchObject({ ok: true, transfers: 3, globalHeadSeq: 3 });
    // The immutability guard is back after the backfill.
    await expect(kysely.updateTable('transfers').set({ reference: 'x' }).where('id', '=', 't-a').execute()).rejects.toThrow(/immutable/);
  });
});
