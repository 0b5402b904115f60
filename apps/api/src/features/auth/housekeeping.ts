import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../core/clock.js';
import { deleteOldRateLimitBuckets } from '../../core/rate-limit/rate-limiter.js';
import { IDLE_TIMEOUT_MS } from '../../core/session/session-policy.js';
import { deleteStaleSessions } from '../../core/session/sessions.repository.js';
import { deleteStaleDevices } from './trusted-devices.repository.js';
import { deleteOldChallenges } from './two-step.repository.js';
import { deleteOldPasskeyChallenges } from '../../core/passkeys/passkeys.repository.js';

const EVERY_MS = 10 * 60 * 1000;

/** Clears rows that can no longer matter: ended sessions, old rate-limit windows, devices unused for a year and finished two-step sign-ins. */
export function startHousekeeping(app: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  const run = async () => {
    const now = clock();
    try {
      await deleteStaleSessions(db, now - IDLE_TIMEOUT_MS, now);
      await deleteOldRateLimitBuckets(db, now);
      await deleteStaleDevices(db, now);
      await deleteOldChallenges(db, now);
      await deleteOldPasskeyChallenges(db, now);
    } catch (error) {
      app.log.warn({ err: error }, 'housekeeping failed; it will run again');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
