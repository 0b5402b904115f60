/**
 * `npm run backup [-- <file>]`: a consistent copy of the SQLite database while the server runs, to
 * <file> or to DATA_DIR/backups/poisha-<time>.sqlite. Reads the same settings as the server
 * (environment, then .env). On PostgreSQL it refuses and prints the pg_dump command to use.
 * See docs/operations.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config/env.js';
import { BackupError, backupSqlite, defaultBackupFile, postgresBackupAdvice } from './db/backup.js';
import { sqliteFileIn } from './db/database.js';

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(postgresBackupAdvice(config.DATABASE_URL, new Date()));
    process.exit(2);
  }
  const [target] = process.argv.slice(2);
  // npm runs scripts in the project folder; a relative path means one relative to where it was typed.
  const destination = target ? path.resolve(process.env.INIT_CWD ?? process.cwd(), target) : defaultBackupFile(config.DATA_DIR, new Date());
  const { file, bytes } = await backupSqlite(config.DATA_DIR, destination);
  process.stdout.write(`Backed up ${sqliteFileIn(config.DATA_DIR)} to ${file} (${bytes} bytes).\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error('The backup failed:', error);
  }
  process.exit(1);
});
