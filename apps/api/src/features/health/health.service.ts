import { errorCodes } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { CurrentWebBuild } from '../../web/current-build.js';
import { selectOne } from './health.repository.js';
import { answersWithin, notReadyMessage, type Readiness } from './readiness.js';

/** A database that takes longer than this for `select 1` is not one to send traffic to. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Whether this instance should get traffic, for load balancers and orchestrators. */
export function createHealthService({ db, readiness, web }: { db: Kysely<Database>; readiness: Readiness; web?: CurrentWebBuild | undefined }) {
  return {
    /** Started, not shutting down, the database answers and, where it serves the web app, a complete build is there; else 503. */
    async checkReady(log: FastifyBaseLogger): Promise<void> {
      if (readiness.state !== 'ready') throw new AppError(errorCodes.unavailable, notReadyMessage[readiness.state]);
      // A server that serves the web app is not ready without a complete build of it (decision 0038).
      if (web?.expected && !web.current()) throw new AppError(errorCodes.unavailable, 'The web app is not built: there is no complete build in its dist folder');
      try {
        await answersWithin(selectOne(db), DATABASE_CHECK_TIMEOUT_MS);
      } catch (error) {
        log.error({ err: error }, 'readiness check: the database did not answer');
        throw new AppError(errorCodes.unavailable, 'The database is not answering');
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
