import { openDatabase } from '/work/main/apps/api/src/db/database.js';
import { migrateToLatest } from '/work/main/apps/api/src/db/migrate.js';
import { sql } from 'kysely';
const url = process.argv[2]!;
const db = openDatabase({ databaseUrl: url, dataDir: '/tmp/perf' });
await migrateToLatest(db);
await sql`insert into users (id, name, email, phone, country, password_hash, photo_path, created_at)
  select 'u' || lpad(n::text, 5, '0'), 'n', 'u' || n || '@x.test', '+88017' || lpad(n::text, 8, '0'), 'BD', 'x', null, now() from generate_series(1, 10000) n`.execute(db.kysely);
await sql`insert into accounts (id, user_id, kind, code, currency, balance, created_at)
  select 'w' || lpad(n::text, 5, '0'), 'u' || lpad(n::text, 5, '0'), 'wallet', null, 'USD', 100000000, now() from generate_series(1, 10000) n`.execute(db.kysely);
await db.close();
console.log('ok');
