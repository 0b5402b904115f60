import type { Queryable } from '../../db/schema.js';

export async function findInterest(db: Queryable, userId: string): Promise<string | null> {
  const row = await db.selectFrom('loan_interests').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.created_at ?? null;
}

/** Stored once per user: asking again keeps the first time. */
export async function insertInterest(db: Queryable, userId: string, now: string): Promise<void> {
  await db.insertInto('loan_interests').values({ user_id: userId, created_at: now }).onConflict((conflict) => conflict.column('user_id').doNothing()).execute();
}
