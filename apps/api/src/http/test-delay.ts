import type { FastifyInstance } from 'fastify';

/**
 * Tests only (`TEST_REQUEST_DELAY_MS`, refused outside NODE_ENV=test): every POST under /api/v1
 * waits before its handler runs, so a process test can send SIGTERM while a transfer is in flight.
 */
export function delayPostRequests(app: FastifyInstance, delayMs: number): void {
  app.addHook('preHandler', async (request) => {
    if (request.method === 'POST' && request.url.startsWith('/api/v1/')) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  });
}
