import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi.js';
import type { HealthService } from './health.service.js';

const ok = z.object({ status: z.literal('ok') });

/**
 * Probes for load balancers and orchestrators, outside /api/v1 and without authentication (they
 * tell nothing about anyone): `live` says the process runs, `ready` that it should get traffic.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  const ready = async (request: { log: FastifyBaseLogger }) => {
    await health.checkReady(request.log);
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
