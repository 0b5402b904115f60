import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWalletOwnerByPhone } from '../../core/users/wallet-owners.js';
import { createTestDatabase } from '../../test/test-app.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate('2026-11-28T1200-user-language');
});
afterAll(() => database.drop());

describe('the proven-phone migration (decision 0041)', () => {
  it('leaves every existing account unproven: its number receives nothing until its owner proves it', async () => {
    const { kysely } = database.db;
    await sql`insert into users (id, name, email, phone, country, password_hash, photo_path, created_at, email_verified_at) values
      ('u1', 'Old Friend', 'u1@example.com', '+8801700000001', 'BD', 'x', null, '2026-11-20T00:00:00.000Z', '2026-11-20T00:00:00.000Z')`.execute(kysely);
    await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at) values
      ('a1', 'u1', 'wallet', null, 'USD', 0, '2026-11-20T00:00:00.000Z')`.execute(kysely);

    await database.migrate();

    const user = await kysely.selectFrom('users').select(['phone', 'phone_verified_at', 'email_verified_at']).where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(user.phone).toBe('+8801700000001');
    expect(user.phone_verified_at).toBeNull();
    expect(user.email_verified_at).not.toBeNull();
    expect(await findWalletOwnerByPhone(kysely, '+8801700000001')).toBeUndefined();

    // Once proven, the same number reaches the same wallet.
    await kysely.updateTable('users').set({ phone_verified_at: '2026-11-28T10:00:00.000Z' }).where('id', '=', 'u1').execute();
    expect(await findWalletOwnerByPhone(kysely, '+8801700000001')).toMatchObject({ userId: 'u1', accountId: 'a1', phoneVerified: true });
  });

  it('makes the code tables: one lock row per purpose and number', async () => {
    const { kysely } = database.db;
    await kysely.insertInto('one_time_code_targets').values({ purpose: 'phone', target: '+8801700000009', requested_at: '2026-11-28T10:00:00.000Z' }).execute();
    await expect(kysely.insertInto('one_time_code_targets').values({ purpose: 'phone', target: '+8801700000009', requested_at: '2026-11-28T10:00:00.000Z' }).execute()).rejects.toThrow();
    const none = await kysely.selectFrom('one_time_codes').selectAll().execute();
    expect(none).toEqual([]);
  });
});
