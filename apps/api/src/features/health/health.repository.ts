import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cheapest question a database answers: whether it answers at all. */
export async function selectOne(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
