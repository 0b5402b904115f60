import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData, seedReferenceData } from './db/seed.js';

async function main(): Promise<void> {
  // Settings already in the environment win over the .env file.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  await seedReferenceData(db);

  const app = await buildApp({ config, db });
  if (config.SEED_DEMO_DATA) await seedDemoData(db, app.services, Date.now());

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: db.dialect, dataDir: config.DATA_DIR }, `Poisha is running at ${config.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Poisha could not start:', error);
  }
  process.exit(1);
});
