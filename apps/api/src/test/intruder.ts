import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { testDatabase } from './test-app.js';

/** The tables whose rows are immutable: the journal and its seals. */
const JOURNAL_TABLES = ['transfers', 'postings', 'journal_seals', 'journal_seal_wallets'];

/**
 * What someone with database access can do: lift the journal's immutability triggers, change rows,
 * put the triggers back. Only tests do this; the application never does.
 */
export async function asIntruder(db: Kysely<Database>, change: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  if (testDatabase === 'postgres') {
    await db.transaction().execute(async (trx) => {
      for (const table of JOURNAL_TABLES) await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
      await change(trx);
      for (const table of JOURNAL_TABLES) await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
    });
    return;
  }
  const triggers = JOURNAL_TABLES.flatMap((table) => [`${table}_no_update`, `${table}_no_delete`]);
  const definitions = await db.selectFrom(sql<{ name: string; sql: string }>`sqlite_master`.as('m')).select(['name', 'sql']).where('name', 'in', triggers).execute();
  if (definitions.length !== triggers.length) throw new Error('asIntruder: the immutability triggers are not all there');
  for (const { name } of definitions) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  try {
    await change(db);
  } finally {
    for (const definition of definitions) await sql.raw(definition.sql).execute(db);
  }
}
