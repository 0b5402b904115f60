import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './seed/demo-data.js';
import { seedReferenceData } from './seed/reference-data.js';
import { claimBonusesGrantedBeforeClaims } from './core/users/welcome-bonus-claims.js';
import { createReadiness } from './features/health/readiness.js';

/**
 * How long a shutdown may take: in-flight requests finish, then the database closes. Past it the
 * process exits 1 anyway (an orchestrator's grace period, e.g. compose's stop_grace_period, must
 * be longer).
 */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  // Settings already in the environment win over the .env file.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const readiness = createReadiness('starting');
  const app = await buildApp({ config, db, readiness });

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    readiness.markStopping();
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    setTimeout(() => {
      app.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // Stops accepting connections and waits for the requests in flight (their transactions commit).
      await app.close();
      await db.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  // Listening before migrating: the live probe answers and the ready probe says 503 meanwhile.
  await app.listen({ port: config.PORT, host: config.HOST });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    await claimBonusesGrantedBeforeClaims(db.kysely, config.IDENTITY_HASH_SECRET, Date.now());
    if (config.SEED_DEMO_DATA) await seedDemoData(db, app.services, Date.now());
  } catch (error) {
    // Told to stop while migrating: the shutdown closed the database under the migration.
    if (stopping) return;
    throw error;
  }
  if (stopping) return;
  readiness.markReady();
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
