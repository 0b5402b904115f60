import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareRoutes } from '../../http/routes.js';
import type { HealthService } from './health.service.js';

const ok = z.object({ status: z.literal('ok') });

/**
 * Probes for load balancers and orchestrators, outside /api/v1 and without authentication (they
 * tell nothing about anyone): `live` says the process runs, `ready` that it should get traffic.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  const route = declareRoutes(app, 'health');

  const ready = async (request: { log: FastifyBaseLogger }) => {
    await health.checkReady(request.log);
    return { status: 'ok' as const };
  };

  route.get('/health/live', 'Answers ok while the process runs (liveness)', {
    answer: [200, ok],
    handler: async () => ({ status: 'ok' as const }),
  });

  route.get('/health/ready', 'Answers ok when this instance should get traffic: started, not shutting down, the database answers and, where it serves the web app, a complete build of it is there (readiness)', {
    answer: [200, ok], errors: [503],
    handler: ready,
  });

  // The first probe, kept for the scripts and load balancers that use it: the same as ready.
  route.get('/health', 'The same as /api/health/ready', {
    answer: [200, ok], errors: [503],
    handler: ready,
  });
};
