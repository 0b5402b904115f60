/**
 * `npm run seed`: adds the demo data (the demo user of the README, six friends with reviews and
 * some history) to the database the settings name, migrating it first. Once only: nothing happens
 * if the demo user exists. Refused when NODE_ENV=production: the demo password is public.
 */
import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_USER, seedDemoData } from './seed/demo-data.js';
import { seedReferenceData } from './seed/reference-data.js';
import { findUserByEmail } from './core/users/users.repository.js';

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  if (process.env.NODE_ENV === 'production') {
    throw new ConfigError('npm run seed is refused when NODE_ENV=production: the demo user\'s password is public (README).');
  }
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    if (await findUserByEmail(db.kysely, DEMO_USER.email)) {
      process.stdout.write(`The demo data is already there (${DEMO_USER.email}).\n`);
      return;
    }
    // The services sign the demo users up and move their money as real use would.
    const app = await buildApp({ config: { ...config, LOG_LEVEL: 'warn' }, db });
    try {
      await seedDemoData(db, app.services, Date.now());
    } finally {
      await app.close();
    }
    process.stdout.write(`Added the demo data: sign in as ${DEMO_USER.email} / ${DEMO_USER.password}.\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `Seeding failed: ${String(error)}`);
  process.exit(1);
});
