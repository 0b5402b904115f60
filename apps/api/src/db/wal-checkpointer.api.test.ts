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

/**
 * A fresh database with two commits, the second of `pages` pages; resolves once the worker has
 * copied that commit into the database file (the file grows only by a checkpoint: the WAL holds
 * the pages till then). Answers the database file.
 */
async function openAndWaitForCopy(pages: number): Promise<string> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-checkpoint-'));
  db = openDatabase({ dataDir });
  const file = sqliteFileIn(dataDir);
  await writePages(db, 1);
  const before = sizeOf(file);
  await writePages(db, pages);
  await expect.poll(() => sizeOf(file) - before, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(pages * PAGE);
  return file;
}

describe.skipIf(testDatabase === 'postgres')('the WAL is copied into the database file by a worker thread (issue 11)', () => {
  it('soon after a commit, though the server connection checkpoints only past thousands of frames', async () => {
    expect(256).toBeLessThan(SERVER_CHECKPOINT_FRAMES / 10);
    await openAndWaitForCopy(256);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db!.kysely);
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('stops with the database: closing leaves every row in the database file and no WAL', async () => {
    // The worker has its connection open once it has copied something.
    const file = await openAndWaitForCopy(64);
    await writePages(db!, 8);
    await db!.close();
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
