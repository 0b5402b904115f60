import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Issue 26, signed-in devices (decision 0043). Each session gets a random public id, the name
 * Settings lists and ends it by, never the hash of its token (`sessions.id`); the sessions that
 * exist get one here. `end_link_hash` is the SHA-256 of the token of the link mailed after a
 * sign-in on a new device, which ends that session without a sign-in: single use, since ending
 * the session deletes its row. `device_hash` is the hash of the device cookie the browser signed in
 * with (decision 0011), so ending one session also forgets its browser as a known device.
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function sessionListMigration({ dialect }: { dialect: 'sqlite' | 'postgres' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('public_id', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('end_link_hash', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('device_hash', 'text').execute();
      const existing = await sql<{ id: string }>`select id from sessions`.execute(db);
      for (const { id } of existing.rows) await sql`update sessions set public_id = ${randomUUID()} where id = ${id}`.execute(db);
      // SQLite cannot add NOT NULL to a column; the code always writes one, and the unique index holds on both.
      if (dialect === 'postgres') await sql`alter table sessions alter column public_id set not null`.execute(db);
      await db.schema.createIndex('sessions_public_id').on('sessions').column('public_id').unique().execute();
      await db.schema.createIndex('sessions_end_link').on('sessions').column('end_link_hash').unique().execute();
    },
  };
}
