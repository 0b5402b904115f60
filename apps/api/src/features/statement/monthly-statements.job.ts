import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../core/clock.js';
import { issueMonthlyStatements } from './monthly-statements.js';

/** Hourly: a month's statements appear within an hour of midnight in Dhaka on the 1st. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Issues last month's statements when the server is ready and every hour after. Each run is
 * idempotent (see issueMonthlyStatements), so every instance may run it and a restart repeats it
 * harmlessly; closing waits for a run in progress, so it never outlives the database.
 */
export function startMonthlyStatements(app: FastifyInstance, db: Kysely<Database>, clock: Clock, everyMs = EVERY_MS, whenMigrated: Promise<void> = Promise.resolve()): void {
  let inFlight: Promise<void> = Promise.resolve();
  const run = () => {
    inFlight = inFlight.then(async () => {
      try {
        const issued = await issueMonthlyStatements(db, clock());
        if (issued > 0) app.log.info({ issued }, 'monthly statements issued');
      } catch (error) {
        app.log.warn({ err: error }, 'issuing monthly statements failed; the next run tries again');
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  app.addHook('onReady', async () => {
    // The server listens before it migrates: the first run waits for the migrations.
    void whenMigrated.then(() => {
      if (closed) return;
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await inFlight;
  });
}
