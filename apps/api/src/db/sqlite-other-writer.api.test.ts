import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/test-app.js';
import { openDatabase, sqliteFileIn, type Db } from './database.js';

let dataDir: string;
let db: Db | null = null;
let other: SQLite.Database | null = null;
afterEach(async () => {
  other?.close();
  other = null;
  await db?.close();
  db = null;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Another process on the same SQLite file (`npm run ops`, a backup) writes while the server's
 * transaction runs. A transaction begun as SQLite's default (deferred) that read before the other
 * writer committed cannot write afterwards: SQLITE_BUSY_SNAPSHOT at once, which no busy timeout
 * waits out, and a sign-up answered 500 while an operator replied to a ticket. The server's
 * transactions take the write lock when they begin, so the other writer waits for them instead.
 */
describe.skipIf(testDatabase === 'postgres')('a second process writing to the SQLite file', () => {
  it('waits for a server transaction that read before it, which then writes and commits', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-other-writer-'));
    db = openDatabase({ dataDir });
    await sql`create table counters (name text primary key, value integer not null)`.execute(db.kysely);
    await sql`insert into counters values ('server', 0), ('operator', 0)`.execute(db.kysely);
    other = new SQLite(sqliteFileIn(dataDir));
    other.pragma('busy_timeout = 0');
    const operatorWrite = other.prepare(`update counters set value = value + 1 where name = 'operator'`);

    let operatorRefused = '';
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select value from counters where name = 'server'`.execute(trx);
      // The operator tool writes now (better-sqlite3 is synchronous: it cannot wait for us here).
      try {
        operatorWrite.run();
      } catch (error) {
        operatorRefused = (error as { code?: string }).code ?? String(error);
      }
      await sql`update counters set value = value + 1 where name = 'server'`.execute(trx);
    });

    expect(operatorRefused).toBe('SQLITE_BUSY');
    // Once the server's transaction is over, the operator's write goes through.
    operatorWrite.run();
    const rows = await sql<{ name: string; value: number }>`select name, value from counters order by name`.execute(db.kysely);
    expect(rows.rows).toEqual([
      { name: 'operator', value: 1 },
      { name: 'server', value: 1 },
    ]);
  });
});
