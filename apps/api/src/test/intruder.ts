import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { testDatabase } from './test-app.js';

/**
 * What someone with database access can do: lift the journal's immutability triggers, change rows,
 * put the triggers back. Only tests do this; the application never does.
 */
export async function asIntruder(db: Kysely<Database>, change: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  if (testDatabase === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql`alter table transfers disable trigger transfers_immutable`.execute(trx);
      await sql`alter table postings disable trigger postings_immutable`.execute(trx);
      await change(trx);
      await sql`alter table transfers enable trigger transfers_immutable`.execute(trx);
      await sql`alter table postings enable trigger postings_immutable`.execute(trx);
    });
    return;
  }
  const triggers = ['transfers_no_update', 'transfers_no_delete', 'postings_no_update', 'postings_no_delete'];
  const definitions = await db.selectFrom(sql<{ name: string; sql: string }>`sqlite_master`.as('m')).select(['name', 'sql']).where('name', 'in', triggers).execute();
  if (definitions.length !== triggers.length) throw new Error('asIntruder: the immutability triggers are not all there');
  for (const { name } of definitions) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  try {
    await change(db);
  } finally {
    for (const definition of definitions) await sql.raw(definition.sql).execute(db);
  }
}
