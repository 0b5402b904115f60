import {
  blockedRequesterSchema,
  blockedRequestersSchema,
  createMoneyRequestSchema,
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
import { declareRoutes } from '../../http/routes.js';
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
  const route = declareRoutes(app, 'money requests');
  const idempotent = idempotentRoute(movements, clock, paymentPins);

  route.get('/money-requests', 'Requests received (someone asks you) or sent (you asked), newest first, with their status', {
    querystring: moneyRequestsQuerySchema, answer: [200, moneyRequestsPageSchema], errors: [400, 401],
    handler: async (request) => moneyRequests.page(requireAuth(request).userId, request.query, clock()),
  });

  route.post('/money-requests', 'Ask the wallet registered to a phone number for an amount; it stays payable for 7 days. At most 3 requests wait for one number at once (422 too_many_pending_requests); 20 requests an hour per requester and 30 an hour per asked wallet (429)', {
    body: createMoneyRequestSchema, answer: [201, moneyRequestSchema], errors: [400, 401, 403, 422, 429],
    handler: async (request) => {
      const { from, amount, note } = request.body;
      return moneyRequests.create(requireAuth(request).userId, { from, amountCents: amount, note }, clock());
    },
  });

  route.post('/money-requests/:id/pay', 'Pay a request you received, approved by the payment PIN (needs an Idempotency-Key header); a request is paid at most once', {
    params: idParamsSchema, body: paymentApprovalSchema, answer: [200, paidRequestSchema], errors: [400, 401, 403, 404, 409, 422], config: { idempotent: true, payment: true },
    handler: async (request, reply) =>
      idempotent(request, reply, 200, (trx, call) => moneyRequests.pay(trx, { payerId: call.userId, requestId: request.params.id, nowMs: call.nowMs })),
  });

  for (const [action, decision, summary] of [
    ['decline', 'declined', 'Decline a request you received'],
    ['cancel', 'cancelled', 'Cancel a request you sent'],
  ] as const) {
    route.post(`/money-requests/:id/${action}`, summary, {
      params: idParamsSchema, answer: [200, moneyRequestSchema], errors: [401, 403, 404, 409],
      handler: async (request) => moneyRequests.close(requireAuth(request).userId, request.params.id, decision, clock()),
    });
  }

  route.get('/money-request-blocks', 'The numbers whose requests you do not receive, newest first', {
    answer: [200, blockedRequestersSchema], errors: [401],
    handler: async (request) => moneyRequests.blocked(requireAuth(request).userId),
  });

  route.post('/money-request-blocks', 'Block requests from a number: its requests waiting and to come never reach you, and its sender is not told', {
    body: requestBlockSchema, answer: [201, blockedRequesterSchema], errors: [400, 401, 403, 422],
    handler: async (request) => moneyRequests.block(requireAuth(request).userId, request.body.phone, clock()),
  });

  route.delete('/money-request-blocks/:phone', 'Receive requests from a blocked number again', {
    params: requestBlockSchema, answer: [204, z.null().describe('Unblocked')], errors: [400, 401, 403, 404],
    handler: async (request) => {
      await moneyRequests.unblock(requireAuth(request).userId, request.params.phone);
    },
  });
};
