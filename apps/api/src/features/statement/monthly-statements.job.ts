import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../core/clock.js';
import { startRepeatingJob } from '../../core/repeating-job.js';
import { issueMonthlyStatements } from './monthly-statements.js';

/** Hourly: a month's statements appear within an hour of midnight in Dhaka on the 1st. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Issues last month's statements when the server is ready and every hour after. Each run is
 * idempotent (see issueMonthlyStatements), so every instance may run it and a restart repeats it
 * harmlessly.
 */
export function startMonthlyStatements(app: FastifyInstance, db: Kysely<Database>, clock: Clock, everyMs = EVERY_MS, whenMigrated: Promise<void> = Promise.resolve()): void {
  startRepeatingJob(app, {
    what: 'issuing monthly statements',
    everyMs,
    whenReady: whenMigrated,
    run: async () => {
      const issued = await issueMonthlyStatements(db, clock());
      if (issued > 0) app.log.info({ issued }, 'monthly statements issued');
    },
  });
}
