import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 26: only a proven phone number belongs to one account (decision 0041). Someone who typed
 * another person's number at sign-up and never proved it no longer keeps its owner out: any number
 * of unproven accounts may hold a number, and the partial unique index lets exactly one account
 * prove it. The plain index serves the look-ups of a number's unproven holders (ops).
 *
 * PostgreSQL drops the column's unique constraint. SQLite cannot drop a column's UNIQUE, so there
 * `users` is rebuilt with the same columns, rows and constraints (the e-mail stays unique), with
 * foreign keys off while the old table is dropped and the new one takes its name: every table that
 * references users.id then references the new one, and `foreign_key_check` proves nothing broke.
 * SQLite runs migrations outside a transaction, so the pragma takes effect. Frozen once shipped: it
 * depends on nothing that may change later.
 */
export function provenPhoneUniqueMigration({ dialect, timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table users drop constraint users_phone_key`.execute(db);
      } else {
        await rebuildSqliteUsersWithoutPhoneUnique(db, timestamp);
      }
      await db.schema.createIndex('users_proven_phone').unique().on('users').column('phone').where(sql.ref('phone_verified_at'), 'is not', null).execute();
      await db.schema.createIndex('users_phone').on('users').column('phone').execute();
    },
  };
}

const USER_COLUMNS = sql.raw(
  [
    'id',
    'name',
    'email',
    'phone',
    'country',
    'password_hash',
    'photo_path',
    'created_at',
    'closed_at',
    'closed_email',
    'closed_phone',
    'email_verified_at',
    'locked_at',
    'welcome_bonus_refused_at',
    'language',
    'phone_verified_at',
  ].join(', '),
);

async function rebuildSqliteUsersWithoutPhoneUnique(db: Kysely<unknown>, timestamp: 'timestamptz' | 'text') {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      // The columns in the order the earlier migrations added them, each as it was declared.
      await trx.schema
        .createTable('users_next')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('photo_path', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('closed_at', timestamp)
        .addColumn('closed_email', 'text')
        .addColumn('closed_phone', 'text')
        .addColumn('email_verified_at', timestamp)
        .addColumn('locked_at', timestamp)
        .addColumn('welcome_bonus_refused_at', timestamp)
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('phone_verified_at', timestamp)
        .execute();
      await sql`insert into users_next (${USER_COLUMNS}) select ${USER_COLUMNS} from users`.execute(trx);
      await trx.schema.dropTable('users').execute();
      await trx.schema.alterTable('users_next').renameTo('users').execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`rebuilding users broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
