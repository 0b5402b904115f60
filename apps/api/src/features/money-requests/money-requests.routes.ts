import {
  createMoneyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  moneyRequestSchema,
  moneyRequestsPageSchema,
  moneyRequestsQuerySchema,
  paidRequestSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { authenticated, requireAuth } from '../../modules/auth/session-auth.js';
import { fingerprintOf, idempotencyKeyOf } from '../../modules/idempotency/idempotency.js';
import { closeRequest, createRequest, payRequest, requestsPage } from './money-requests.service.js';

/** Money requests between wallets: ask, pay (moves money), decline, cancel. */
export const moneyRequestsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
  app.addHook('preHandler', authenticated);

  app.get(
    '/money-requests',
    {
      schema: {
        tags: ['money requests'],
        summary: 'Requests received (someone asks you) or sent (you asked), newest first, with their status',
        querystring: moneyRequestsQuerySchema,
        response: { 200: moneyRequestsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => requestsPage(db, requireAuth(request).userId, request.query, clock()),
  );

  app.post(
    '/money-requests',
    {
      schema: {
        tags: ['money requests'],
        summary: 'Ask the wallet registered to a phone number for an amount; it stays payable for 7 days',
        body: createMoneyRequestSchema,
        response: { 201: moneyRequestSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await createRequest(db, requireAuth(request).userId, request.body, clock())),
  );

  app.post(
    '/money-requests/:id/pay',
    {
      schema: {
        tags: ['money requests'],
        summary: 'Pay a request you received (needs an Idempotency-Key header); a request is paid at most once',
        params: idParamsSchema,
        response: { 200: paidRequestSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const outcome = await payRequest(db, {
        payerId: requireAuth(request).userId,
        requestId: request.params.id,
        idempotencyKey: idempotencyKeyOf(request),
        fingerprint: fingerprintOf(request),
        now: clock(),
      });
      return reply.status(outcome.status as 200).send(outcome.body as never);
    },
  );

  for (const [action, decision, summary] of [
    ['decline', 'declined', 'Decline a request you received'],
    ['cancel', 'cancelled', 'Cancel a request you sent'],
  ] as const) {
    app.post(
      `/money-requests/:id/${action}`,
      {
        schema: {
          tags: ['money requests'],
          summary,
          params: idParamsSchema,
          response: { 200: moneyRequestSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => closeRequest(db, requireAuth(request).userId, request.params.id, decision, clock()),
    );
  }
};
