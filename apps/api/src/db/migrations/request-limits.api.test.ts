import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration, insertEarlyUsers } from '../../test/migration-test.js';

const database = databaseBeforeMigration('2026-11-27T0900-fewer-postings-indexes');

describe('the request-limits migration', () => {
  it('folds the unread notifications of one kind from one person into their newest, and leaves the rest', async () => {
    const { kysely } = database().db;
    await insertEarlyUsers(kysely, ['u1']);
    const rows: [string, number, string, string | null][] = [
      ['request_received', 100, '+8801711111111', null],
      ['request_received', 200, '+8801711111111', null],
      ['request_received', 50, '+8801711111111', '2026-11-20T05:00:00.000Z'],
      ['request_received', 300, '+8801711111111', null],
      ['money_received', 700, '+8801711111111', null],
      ['request_received', 900, '+8801722222222', null],
    ];
    for (const [index, [kind, amount, phone, readAt]] of rows.entries()) {
      await sql`insert into notifications (user_id, kind, amount, counterparty_name, counterparty_phone, request_id, transfer_id, read_at, created_at)
        values ('u1', ${kind}, ${amount}, 'Someone', ${phone}, null, null, ${readAt}, ${`2026-11-20T0${index + 1}:00:00.000Z`})`.execute(kysely);
    }

    await database().migrate();

    const after = await kysely
      .selectFrom('notifications')
      .select(['kind', 'amount', 'counterparty_phone', 'read_at', 'event_count', 'group_key', 'created_at'])
      .orderBy('id')
      .execute();
    expect(after.map((row) => ({ ...row, amount: Number(row.amount), read: row.read_at !== null, read_at: undefined, created_at: undefined }))).toEqual([
      { kind: 'request_received', amount: 50, counterparty_phone: '+8801711111111', read: true, event_count: 1, group_key: 'request_received:+8801711111111', read_at: undefined, created_at: undefined },
      { kind: 'request_received', amount: 600, counterparty_phone: '+8801711111111', read: false, event_count: 3, group_key: 'request_received:+8801711111111', read_at: undefined, created_at: undefined },
      { kind: 'money_received', amount: 700, counterparty_phone: '+8801711111111', read: false, event_count: 1, group_key: 'money_received:+8801711111111', read_at: undefined, created_at: undefined },
      { kind: 'request_received', amount: 900, counterparty_phone: '+8801722222222', read: false, event_count: 1, group_key: 'request_received:+8801722222222', read_at: undefined, created_at: undefined },
    ]);
    // One unread notification per group from now on: a second one is refused by the index.
    await expect(
      sql`insert into notifications (user_id, kind, amount, counterparty_name, counterparty_phone, read_at, created_at, group_key)
        values ('u1', 'money_received', 1, 'Someone', '+8801711111111', null, '2026-11-21T00:00:00.000Z', 'money_received:+8801711111111')`.execute(kysely),
    ).rejects.toThrow();
  });
});
