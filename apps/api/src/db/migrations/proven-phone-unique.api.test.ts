import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import { createTestDatabase, testDatabase } from '../../test/test-app.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate('2026-11-28T1300-proven-phone');
});
afterAll(() => database.drop());

/** The users table's columns as the database describes them: name, type, null allowed, default. */
async function userColumns(kysely: Kysely<Database>) {
  if (testDatabase === 'postgres') {
    const { rows } = await sql<Record<string, unknown>>`select column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = current_schema() and table_name = 'users' order by ordinal_position`.execute(kysely);
    return rows;
  }
  const { rows } = await sql<Record<string, unknown>>`pragma table_info(users)`.execute(kysely);
  return rows;
}

/** Every foreign key that points at users, by the table that holds it. */
async function keysToUsers(kysely: Kysely<Database>) {
  if (testDatabase === 'postgres') {
    const { rows } = await sql<{ table: string }>`select conrelid::regclass::text as table from pg_constraint
      where contype = 'f' and confrelid = 'users'::regclass order by 1`.execute(kysely);
    return rows.map((row) => row.table);
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(kysely);
  const holders: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ table: string }>`select * from pragma_foreign_key_list(${name})`.execute(kysely);
    for (const row of rows) if (row.table === 'users') holders.push(name);
  }
  return holders.sort();
}

const user = (id: string, phone: string, provenAt: string | null) =>
  sql`insert into users (id, name, email, phone, country, password_hash, photo_path, created_at, phone_verified_at) values
    (${id}, ${id}, ${`${id}@example.com`}, ${phone}, 'BD', 'x', null, '2026-11-20T00:00:00.000Z', ${provenAt})`;

describe('the proven-phone-unique migration (decision 0041)', () => {
  it('keeps every row, column, constraint and foreign key of users, and lets only one account prove a number', async () => {
    const { kysely } = database.db;
    await sql`insert into users (id, name, email, phone, country, password_hash, photo_path, created_at, email_verified_at, language, phone_verified_at, closed_phone) values
      ('u1', 'Old Friend', 'u1@example.com', '+8801700000001', 'BD', 'x', 'photos/u1.jpg', '2026-11-20T00:00:00.000Z', '2026-11-20T01:00:00.000Z', 'bn', '2026-11-28T10:00:00.000Z', null),
      ('u2', 'Unproven', 'u2@example.com', '+8801700000002', 'BD', 'y', null, '2026-11-21T00:00:00.000Z', null, 'en', null, null)`.execute(kysely);
    await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values
      ('a1', 'u1', 'wallet', null, 'USD', 2500, '2026-11-20T00:00:00.000Z')`.execute(kysely);
    await sql`insert into sessions (id, user_id, csrf_token, created_at, last_seen_at, expires_at) values
      ('s1', 'u1', 'c', '2026-11-28T10:00:00.000Z', '2026-11-28T10:00:00.000Z', '2026-11-28T11:00:00.000Z')`.execute(kysely);
    const columnsBefore = await userColumns(kysely);
    const keysBefore = await keysToUsers(kysely);
    const rowsBefore = await kysely.selectFrom('users').selectAll().orderBy('id').execute();

    expect(await database.migrate('2026-11-28T1310-proven-phone-unique')).toEqual(['2026-11-28T1310-proven-phone-unique']);

    expect(await kysely.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(rowsBefore);
    expect(await userColumns(kysely)).toEqual(columnsBefore);
    expect(await keysToUsers(kysely)).toEqual(keysBefore);
    expect(keysBefore).toContain('accounts');
    expect(await kysely.selectFrom('accounts').select(['id', 'balance']).where('user_id', '=', 'u1').execute()).toEqual([{ id: 'a1', balance: 2500 }]);
    expect(await kysely.selectFrom('sessions').select('id').where('user_id', '=', 'u1').execute()).toEqual([{ id: 's1' }]);
    if (testDatabase === 'sqlite') {
      // The rebuild turned foreign keys off for itself only.
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(kysely)).rows).toEqual([{ foreign_keys: 1 }]);
    }
    // Foreign keys still hold: no wallet for a user who does not exist.
    await expect(
      sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values ('a9', 'nobody', 'wallet', null, 'USD', 0, '2026-11-28T10:00:00.000Z')`.execute(kysely),
    ).rejects.toThrow();
    // The e-mail stays unique, and the language keeps its default.
    await expect(sql`insert into users (id, name, email, phone, password_hash, created_at) values ('u3', 'Copy', 'u1@example.com', '+8801700000003', 'x', '2026-11-28T10:00:00.000Z')`.execute(kysely)).rejects.toThrow();
    await sql`insert into users (id, name, email, phone, password_hash, created_at) values ('u4', 'Default', 'u4@example.com', '+8801700000004', 'x', '2026-11-28T10:00:00.000Z')`.execute(kysely);
    expect(await kysely.selectFrom('users').select('language').where('id', '=', 'u4').executeTakeFirstOrThrow()).toEqual({ language: 'en' });

    // Unproven accounts may share a number, also the proven one's; a second proof of it is refused.
    await user('u5', '+8801700000002', null).execute(kysely);
    await user('u6', '+8801700000001', null).execute(kysely);
    const proveU6 = kysely.updateTable('users').set({ phone_verified_at: '2026-11-28T11:00:00.000Z' }).where('id', '=', 'u6').execute();
    await expect(proveU6).rejects.toThrow(/unique|duplicate/i);
    await expect(user('u7', '+8801700000001', '2026-11-28T11:00:00.000Z').execute(kysely)).rejects.toThrow(/unique|duplicate/i);
    // Whoever proves a shared number first has it.
    await kysely.updateTable('users').set({ phone_verified_at: '2026-11-28T11:00:00.000Z' }).where('id', '=', 'u5').execute();
    await expect(kysely.updateTable('users').set({ phone_verified_at: '2026-11-28T11:00:00.000Z' }).where('id', '=', 'u2').execute()).rejects.toThrow(/unique|duplicate/i);
  });
});
