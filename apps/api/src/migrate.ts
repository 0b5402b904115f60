/**
 * `npm run migrate`: brings the database the settings name (DATABASE_URL, or the SQLite file in
 * DATA_DIR) to the newest schema and adds the reference data (the list of banks), then exits. The
 * server does the same at start; this runs it alone, e.g. as a release step before the instances.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase, sqliteFileIn } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedReferenceData } from './seed/reference-data.js';

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const applied = await migrateToLatest(db);
    await seedReferenceData(db);
    const where = config.DATABASE_URL ? `PostgreSQL (${new URL(config.DATABASE_URL).host}${new URL(config.DATABASE_URL).pathname})` : sqliteFileIn(config.DATA_DIR);
    const report = applied.length === 0 ? 'the schema is up to date.' : `applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join('\n')}`;
    process.stdout.write(`${where}: ${report}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `The migration failed: ${String(error)}`);
  if (!(error instanceof ConfigError) && error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
