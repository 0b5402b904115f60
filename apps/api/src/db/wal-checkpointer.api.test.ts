import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../test/test-app.js';
import { openDatabase, sqliteFileIn, type Db } from './database.js';
import { SERVER_CHECKPOINT_FRAMES } from './wal-checkpointer.js';

const PAGE = 4096;
let dataDir: string;
let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** A commit of about `pages` pages of new data, far fewer frames than SQLite's own checkpoint waits for. */
async function writePages(database: Db, pages: number) {
  await sql`create table if not exists filler (data blob)`.execute(database.kysely);
  await sql`insert into filler (data) values (randomblob(${pages * PAGE}))`.execute(database.kysely);
}

describe.skipIf(testDatabase === 'postgres')('the WAL is copied into the database file by a worker thread (issue 11)', () => {
  it('soon after a commit, though the server connection checkpoints only past thousands of frames', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-checkpoint-'));
    db = openDatabase({ dataDir });
    const file = sqliteFileIn(dataDir);
    await writePages(db, 1);
    const before = sizeOf(file);
    await writePages(db, 256);
    expect(256).toBeLessThan(SERVER_CHECKPOINT_FRAMES / 10);
    // The 1 MB the commit added reaches the database file with a checkpoint only; the WAL holds it till then.
    await expect.poll(() => sizeOf(file) - before, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(256 * PAGE);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db.kysely);
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('stops with the database: closing leaves every row in the database file and no WAL', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-checkpoint-'));
    db = openDatabase({ dataDir });
    const file = sqliteFileIn(dataDir);
    await writePages(db, 1);
    const before = sizeOf(file);
    await writePages(db, 64);
    // The worker has its connection open once it has copied something.
    await expect.poll(() => sizeOf(file) - before, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(64 * PAGE);
    await writePages(db, 8);
    await db.close();
    db = null;
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reader = new SQLite(file, { readonly: true });
    try {
      expect(reader.prepare('select count(*) as n from filler').get()).toEqual({ n: 3 });
    } finally {
      reader.close();
    }
  });
});
