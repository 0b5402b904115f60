import {
  blockedRequesterSchema,
  blockedRequestersSchema,
  createMoneyRequestSchema,
  errorBodySchema,
  idParamsSchema,
  moneyRequestSchema,
  moneyRequestsPageSchema,
  moneyRequestsQuerySchema,
  paidRequestSchema,
  paymentApprovalSchema,
  requestBlockSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MovementTransaction } from '../../db/database.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { idempotentRoute } from '../../core/idempotency/idempotency.js';
import type { PaymentPinGuard } from '../../core/payment-pin/payment-approval.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { MoneyRequestsService } from './money-requests.service.js';

/** Money requests between wallets: ask, pay (moves money), decline, cancel. */
export const moneyRequestsRoutes: FastifyPluginAsyncZod<{
  moneyRequests: MoneyRequestsService;
  movements: MovementTransaction;
  paymentPins: PaymentPinGuard;
  clock: Clock;
}> = async (app, { moneyRequests, movements, paymentPins, clock }) => {
  const idempotent = idempotentRoute(movements, clock, paymentPins);
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
    async (request) => moneyRequests.page(requireAuth(request).userId, request.query, clock()),
  );

  app.post(
    '/money-requests',
    {
      schema: {
        tags: ['money requests'],
        summary:
          'Ask the wallet registered to a phone number for an amount; it stays payable for 7 days. At most 3 requests wait for one number at once (422 too_many_pending_requests); 20 requests an hour per requester and 30 an hour per asked wallet (429)',
        body: createMoneyRequestSchema,
        response: { 201: moneyRequestSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { from, amount, note } = request.body;
      return reply.status(201).send(await moneyRequests.create(requireAuth(request).userId, { from, amountCents: amount, note }, clock()));
    },
  );

  app.post(
    '/money-requests/:id/pay',
    {
      config: { idempotent: true, payment: true },
      schema: {
        tags: ['money requests'],
        summary: 'Pay a request you received, approved by the payment PIN (needs an Idempotency-Key header); a request is paid at most once',
        params: idParamsSchema,
        body: paymentApprovalSchema,
        response: { 200: paidRequestSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, 200, (trx, call) => moneyRequests.pay(trx, { payerId: call.userId, requestId: request.params.id, nowMs: call.nowMs })),
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
      async (request) => moneyRequests.close(requireAuth(request).userId, request.params.id, decision, clock()),
    );
  }

  app.get(
    '/money-request-blocks',
    {
      schema: {
        tags: ['money requests'],
        summary: 'The numbers whose requests you do not receive, newest first',
        response: { 200: blockedRequestersSchema, ...errorResponses(401) },
      },
    },
    async (request) => moneyRequests.blocked(requireAuth(request).userId),
  );

  app.post(
    '/money-request-blocks',
    {
      schema: {
        tags: ['money requests'],
        summary: 'Block requests from a number: its requests waiting and to come never reach you, and its sender is not told',
        body: requestBlockSchema,
        response: { 201: blockedRequesterSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await moneyRequests.block(requireAuth(request).userId, request.body.phone, clock())),
  );

  app.delete(
    '/money-request-blocks/:phone',
    {
      schema: {
        tags: ['money requests'],
        summary: 'Receive requests from a blocked number again',
        params: requestBlockSchema,
        response: { 204: z.null().describe('Unblocked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await moneyRequests.unblock(requireAuth(request).userId, request.params.phone);
      return reply.status(204).send(null);
    },
  );
};
