import { verifyDocumentRequestSchema, verifyDocumentResultSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { VerifyService } from './verify.service.js';

/** The public check of a statement's or receipt's code (decision 0018). */
export const verifyRoutes: FastifyPluginAsyncZod<{ verify: VerifyService; clock: Clock }> = async (app, { verify, clock }) => {
  const route = declareRoutes(app, 'documents');

  route.post('/verify', 'Whether the statement or receipt with this code still matches the ledger; optionally whether a file is the one issued (send its SHA-256, never the file). Shows only the kind, dates, totals and a masked name', {
    body: verifyDocumentRequestSchema, answer: [200, verifyDocumentResultSchema], errors: [400, 404, 429], config: { public: true },
    handler: async (request) => verify.verify(request.body, request.ip ?? 'unknown', clock()),
  });
};
