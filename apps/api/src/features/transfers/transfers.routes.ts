import { errorBodySchema, recipientLookupSchema, recipientQuerySchema, transferRequestSchema, transferResponseSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { MovementTransaction } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { idempotentRoute } from '../../core/idempotency/idempotency.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { lookUpRecipient, sendMoney } from './transfers.service.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';

export const transfersRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; movements: MovementTransaction; clock: Clock }> = async (app, { db, movements, clock }) => {
  const idempotent = idempotentRoute(movements, clock);

  app.get(
    '/recipients',
    {
      schema: {
        tags: ['transfers'],
        summary: 'The masked name behind a phone number ("Farhana A."), for the confirm step before sending; 30 lookups an hour',
        querystring: recipientQuerySchema,
        response: { 200: recipientLookupSchema, ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      await consumeRateLimits(db, clock(), [{ limit: limits.recipientLookupsPerUser, subject: userId }]);
      return lookUpRecipient(db, userId, request.query.phone);
    },
  );

  app.post(
    '/transfers',
    {
      config: { idempotent: true },
      schema: {
        tags: ['transfers'],
        summary: 'Send money to the wallet registered to a phone number (needs an Idempotency-Key header)',
        body: transferRequestSchema,
        response: { 201: transferResponseSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, 201, (trx, call) =>
        sendMoney(trx, { senderId: call.userId, to: request.body.to, amountCents: request.body.amount, reference: request.body.reference, nowMs: call.nowMs }),
      ),
  );
};
