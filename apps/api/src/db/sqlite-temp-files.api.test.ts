import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../test/server-process.js';
import { testDatabase } from '../test/test-app.js';

/**
 * Every movement runs in a savepoint of its group-committed batch (decision 0014). SQLite keeps the
 * pages a savepoint changes in a sub-journal, which past 64 KiB went to a temporary file (issue 11's
 * bench: 12,000 writes in 2 s). The app's connection keeps them in memory. SQLite reads the folder
 * for temporary files from SQLITE_TMPDIR once, at its start, so a process of its own is watched.
 */
const child = (dataDir: string) => `
  const { sql } = await import('kysely');
  const { openDatabase } = await import('./apps/api/src/db/database.ts');
  const db = openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
  await sql\`create table filler (data blob)\`.execute(db.kysely);
  await sql\`insert into filler with recursive n(i) as (select 1 union all select i + 1 from n where i < 400) select randomblob(1000) from n\`.execute(db.kysely);
  // About 400 KB of pages that existed before the savepoint, changed inside it.
  await db.kysely.transaction().execute(async (trx) => {
    await sql\`savepoint movement\`.execute(trx);
    await sql\`update filler set data = randomblob(1000)\`.execute(trx);
    await sql\`release movement\`.execute(trx);
  });
  await db.close();
`;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(dir);
  return dir;
};

describe.skipIf(testDatabase === 'postgres')("SQLite's temporary files (issue 11)", () => {
  it('a savepoint that changes hundreds of kilobytes of pages writes no temporary file', async () => {
    const sqliteTemp = tempDir('poisha-sqlite-tmp-');
    const created: string[] = [];
    // SQLite unlinks a temporary file as soon as it opens it: only its creation can be seen.
    const watcher = fs.watch(sqliteTemp, (_event, name) => created.push(String(name)));
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child(tempDir('poisha-temp-files-'))], {
        cwd: repoRoot,
        env: { ...process.env, SQLITE_TMPDIR: sqliteTemp },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      watcher.close();
    }
    expect(created).toEqual([]);
  });
});
