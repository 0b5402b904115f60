import {
  bankDepositRequestSchema,
  cardDepositRequestSchema,
  cardDetailsSchema,
  depositSchema,
  paymentMethodSchema,
  paypalOrderSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MovementTransaction } from '../../db/database.js';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { idempotentRoute } from '../../core/idempotency/idempotency.js';
import type { DepositsService } from './deposits.service.js';
import type { PaypalService } from './paypal.service.js';
import type { CardProvider } from './providers/card-provider.js';

export interface DepositsRoutesOptions {
  movements: MovementTransaction;
  deposits: DepositsService;
  paypal: PaypalService;
  cardProvider: CardProvider;
  clock: Clock;
}

const orderParams = z.object({ id: z.string().min(1).max(64) });

export const depositsRoutes: FastifyPluginAsyncZod<DepositsRoutesOptions> = async (app, { movements, deposits, paypal, cardProvider, clock }) => {
  const route = declareRoutes(app, 'deposits');

  const idempotent = idempotentRoute(movements, clock);

  route.post('/deposits/bank', 'Add money from a bank account in one atomic call (needs an Idempotency-Key header)', {
    body: bankDepositRequestSchema, answer: [201, depositSchema], errors: [400, 401, 403, 422], config: { idempotent: true },
    handler: async (request, reply) => {
      const { amount, ...bank } = request.body;
      return idempotent(request, reply, 201, (trx, call) => deposits.depositFromBank(trx, call, { ...bank, amountCents: amount }));
    },
  });

  route.post('/card-sandbox/payment-methods', "The sandbox card provider's tokenisation: card details in, a payment-method token out", {
    body: cardDetailsSchema, answer: [201, paymentMethodSchema], errors: [400, 401, 403, 422],
    handler: async (request) => {
      const method = await cardProvider.createPaymentMethod(requireAuth(request).userId, request.body, clock());
      return method;
    },
  });

  route.post('/deposits/card', 'Add money by card with a payment-method token (needs an Idempotency-Key header)', {
    body: cardDepositRequestSchema, answer: [201, depositSchema], errors: [400, 401, 403, 422], config: { idempotent: true },
    handler: async (request, reply) =>
      idempotent(request, reply, 201, (trx, call) =>
        deposits.depositByCard(trx, call, { amountCents: request.body.amount, paymentMethod: request.body.paymentMethod }),
      ),
  });

  route.post('/deposits/paypal/orders', 'Start a PayPal top-up of 2 USD (sandbox order)', {
    answer: [201, paypalOrderSchema], errors: [401, 403],
    handler: async (request) => paypal.createOrder(requireAuth(request).userId, clock()),
  });

  route.get('/deposits/paypal/orders/:id', 'A PayPal order of the signed-in user', {
    params: orderParams, answer: [200, paypalOrderSchema], errors: [401, 404],
    handler: async (request) => paypal.getOrder(requireAuth(request).userId, request.params.id),
  });

  route.post('/deposits/paypal/orders/:id/capture', 'Capture an approved PayPal order: credits 2 USD once, however often it is called (needs an Idempotency-Key header)', {
    params: orderParams, answer: [200, paypalOrderSchema], errors: [400, 401, 403, 404, 422], config: { idempotent: true },
    handler: async (request, reply) => idempotent(request, reply, 200, (trx, call) => paypal.capture(trx, call, request.params.id)),
  });

  route.post('/deposits/paypal/orders/:id/cancel', 'Cancel a PayPal order that was not approved', {
    params: orderParams, answer: [200, paypalOrderSchema], errors: [401, 403, 404, 422],
    handler: async (request) => paypal.cancel(requireAuth(request).userId, request.params.id),
  });
};
