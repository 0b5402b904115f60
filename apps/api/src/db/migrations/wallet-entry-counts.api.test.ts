import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moveMoney, systemAccount } from '../../core/ledger/ledger.js';
import { countEntries } from '../../features/statement/statement.repository.js';
import { databaseBeforeMigration, insertEarlyUsers } from '../../test/migration-test.js';

const database = databaseBeforeMigration('2026-11-24T1500-closed-wallets');

describe('the wallet-entry-counts migration', () => {
  it("counts each wallet's existing postings in and out, and movements keep counting", async () => {
    const { kysely } = database().db;
    await insertEarlyUsers(kysely, ['u1', 'u2']);
    await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values
      ('w1', 'u1', 'wallet', null, 'USD', 700, '2026-11-20T00:00:00.000Z'),
      ('w2', 'u2', 'wallet', null, 'USD', 300, '2026-11-20T00:00:00.000Z')`.execute(kysely);
    const postings = [
      ['t-1', 'system:settlement:bank', 'w1', 1000, 1000],
      ['t-2', 'w1', 'w2', 300, 700],
    ] as const;
    for (const [id, from, to, amount, balanceAfter] of postings) {
      await sql`insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at)
        values (${id}, 'transfer', ${amount}, null, null, 'u1', '2026-11-20T01:00:00.000Z')`.execute(kysely);
      await sql`insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at) values
        (${id}, ${from}, ${-amount}, 'out', ${from === 'w1' ? balanceAfter : null}, '2026-11-20T01:00:00.000Z'),
        (${id}, ${to}, ${amount}, 'in', ${to === 'w1' ? balanceAfter : 300}, '2026-11-20T01:00:00.000Z')`.execute(kysely);
    }

    await database().migrate();

    const counts = await kysely.selectFrom('accounts').select(['id', 'entries_in', 'entries_out']).where('id', 'in', ['w1', 'w2', 'system:settlement:bank']).orderBy('id').execute();
    expect(counts.map((row) => ({ ...row, entries_in: Number(row.entries_in), entries_out: Number(row.entries_out) }))).toEqual([
      // System accounts have no statement: not counted.
      { id: 'system:settlement:bank', entries_in: 0, entries_out: 0 },
      { id: 'w1', entries_in: 1, entries_out: 1 },
      { id: 'w2', entries_in: 1, entries_out: 0 },
    ]);

    await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'bank_deposit', debit: systemAccount('system:settlement:bank'), credit: { id: 'w2', kind: 'wallet' }, amountCents: 50, nowMs: Date.now() }),
    );
    await database().db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'transfer', debit: { id: 'w2', kind: 'wallet' }, credit: { id: 'w1', kind: 'wallet' }, amountCents: 20, nowMs: Date.now() }),
    );
    expect([await countEntries(kysely, 'u1', 'all'), await countEntries(kysely, 'u1', 'received'), await countEntries(kysely, 'u1', 'sent')]).toEqual([3, 2, 1]);
    expect([await countEntries(kysely, 'u2', 'all'), await countEntries(kysely, 'u2', 'received'), await countEntries(kysely, 'u2', 'sent')]).toEqual([3, 2, 1]);
  });
});
