import { errorCodes } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { errorResponses } from '../../http/openapi.js';
import { AppError } from '../../core/errors.js';
import type { CurrentWebBuild } from '../../web/current-build.js';
import { answersWithin, notReadyMessage, type Readiness } from './readiness.js';

/** A database that takes longer than this for `select 1` is not one to send traffic to. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

const ok = z.object({ status: z.literal('ok') });

/**
 * Probes for load balancers and orchestrators, outside /api/v1 and without authentication (they
 * tell nothing about anyone): `live` says the process runs, `ready` that it should get traffic.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; readiness: Readiness; web?: CurrentWebBuild }> = async (app, { db, readiness, web }) => {
  const ready = async (request: { log: { error(object: object, message: string): void } }) => {
    if (readiness.state !== 'ready') throw new AppError(errorCodes.unavailable, notReadyMessage[readiness.state]);
    // A server that serves the web app is not ready without a complete build of it (decision 0038).
    if (web?.expected && !web.current()) throw new AppError(errorCodes.unavailable, 'The web app is not built: there is no complete build in its dist folder');
    try {
      await answersWithin(sql`select 1`.execute(db), DATABASE_CHECK_TIMEOUT_MS);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: the database did not answer');
      throw new AppError(errorCodes.unavailable, 'The database is not answering');
    }
    return { status: 'ok' as const };
  };

  app.get(
    '/health/live',
    {
      schema: { tags: ['health'], summary: 'Answers ok while the process runs (liveness)', response: { 200: ok } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Answers ok when this instance should get traffic: started, not shutting down, the database answers and, where it serves the web app, a complete build of it is there (readiness)',
        response: { 200: ok, ...errorResponses(503) },
      },
    },
    ready,
  );

  // The first probe, kept for the scripts and load balancers that use it: the same as ready.
  app.get(
    '/health',
    {
      schema: { tags: ['health'], summary: 'The same as /api/health/ready', response: { 200: ok, ...errorResponses(503) } },
    },
    ready,
  );
};
