import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteFileIn } from './database.js';
import { assertNodeRunsSqlite } from './sqlite-runtime.js';

/** A backup that cannot be made, with a message for the operator. */
export class BackupError extends Error {}

/** better-sqlite3's largest step: the progress callback answering it has all pages copied in one step. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/** `DATA_DIR/backups/poisha-2026-11-24T14-52-03Z.sqlite`: sorts by time, no colons for other file systems. */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');
  return path.join(dataDir, 'backups', `poisha-${stamp}.sqlite`);
}

/**
 * Copies the SQLite database in `dataDir` to `destination` while the server keeps running, with
 * SQLite's online backup API. All pages are copied in one step, inside one read transaction, so the
 * copy is the database as of one commit: a transfer is in it whole or not at all. In WAL mode the
 * server's writes go on meanwhile (a step over several calls would start again after each of them).
 *
 * The copy is written to `<destination>.partial`, checked (`integrity_check`), switched to a plain
 * rollback journal so it is one self-contained file, and only then given its name: a file under
 * the destination's name is always a whole backup.
 */
export async function backupSqlite(dataDir: string, destination: string): Promise<{ file: string; bytes: number }> {
  const source = sqliteFileIn(dataDir);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATA_DIR.`);
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists: choose another file.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });

  assertNodeRunsSqlite();
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(partial, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    database.close();
  }

  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    const verdict = copy.pragma('integrity_check', { simple: true });
    if (verdict !== 'ok') throw new BackupError(`The copy failed its integrity check (${String(verdict)}); the database was not changed.`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  fs.renameSync(partial, destination);
  return { file: destination, bytes: fs.statSync(destination).size };
}

/** What to do instead on PostgreSQL: pg_dump, with the URL's password left out. */
export function postgresBackupAdvice(databaseUrl: string, now: Date): string {
  const url = new URL(databaseUrl);
  const hadPassword = url.password !== '';
  url.password = '';
  const file = path.basename(defaultBackupFile('.', now)).replace(/\.sqlite$/, '.dump');
  return [
    'npm run backup copies the SQLite database, and this server uses PostgreSQL (DATABASE_URL is set).',
    'Back PostgreSQL up with pg_dump while the server runs; it reads one consistent snapshot:',
    '',
    `  pg_dump --format=custom --file=${file} '${url.toString()}'`,
    '',
    ...(hadPassword ? ['(the password left out of the URL goes in PGPASSWORD or ~/.pgpass)', ''] : []),
    'Restore into a new, empty database with pg_restore (see docs/operations.md):',
    '',
    `  pg_restore --no-owner --exit-on-error --dbname='<new database URL>' ${file}`,
  ].join('\n');
}
