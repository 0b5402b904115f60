import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration, insertEarlyUsers } from '../../test/migration-test.js';

const database = databaseBeforeMigration('2026-11-21T1200-outreach');

describe('the account-and-help migration', () => {
  it("keeps each user's newest review and then allows one per user", async () => {
    const { kysely } = database().db;
    await insertEarlyUsers(kysely, ['u1', 'u2']);
    await sql`insert into reviews (id, user_id, star, text, created_at) values
      ('r1', 'u1', 1, 'old', '2026-11-20T01:00:00.000Z'),
      ('r2', 'u1', 5, 'newest', '2026-11-20T03:00:00.000Z'),
      ('r3', 'u1', 3, 'middle', '2026-11-20T02:00:00.000Z'),
      ('r4', 'u2', 4, 'only one', '2026-11-20T01:00:00.000Z')`.execute(kysely);

    await database().migrate();

    const kept = await kysely.selectFrom('reviews').select(['id', 'text']).orderBy('id').execute();
    expect(kept).toEqual([
      { id: 'r2', text: 'newest' },
      { id: 'r4', text: 'only one' },
    ]);
    await expect(sql`insert into reviews (id, user_id, star, text, created_at) values ('r5', 'u2', 2, 'second', '2026-11-21T00:00:00.000Z')`.execute(kysely)).rejects.toThrow();
  });
});
