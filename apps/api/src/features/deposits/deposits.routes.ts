import {
  bankDepositRequestSchema,
  cardDepositRequestSchema,
  cardDetailsSchema,
  depositSchema,
  errorBodySchema,
  paymentMethodSchema,
  paypalOrderSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MovementTransaction } from '../../db/database.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
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
  const idempotent = idempotentRoute(movements, clock);

  app.post(
    '/deposits/bank',
    {
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Add money from a bank account in one atomic call (needs an Idempotency-Key header)',
        body: bankDepositRequestSchema,
        response: { 201: depositSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { amount, ...bank } = request.body;
      return idempotent(request, reply, 201, (trx, call) => deposits.depositFromBank(trx, call, { ...bank, amountCents: amount }));
    },
  );

  app.post(
    '/card-sandbox/payment-methods',
    {
      schema: {
        tags: ['deposits'],
        summary: "The sandbox card provider's tokenisation: card details in, a payment-method token out",
        body: cardDetailsSchema,
        response: { 201: paymentMethodSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const method = await cardProvider.createPaymentMethod(requireAuth(request).userId, request.body, clock());
      return reply.status(201).send(method);
    },
  );

  app.post(
    '/deposits/card',
    {
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Add money by card with a payment-method token (needs an Idempotency-Key header)',
        body: cardDepositRequestSchema,
        response: { 201: depositSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, 201, (trx, call) =>
        deposits.depositByCard(trx, call, { amountCents: request.body.amount, paymentMethod: request.body.paymentMethod }),
      ),
  );

  app.post(
    '/deposits/paypal/orders',
    {
      schema: {
        tags: ['deposits'],
        summary: 'Start a PayPal top-up of 2 USD (sandbox order)',
        response: { 201: paypalOrderSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await paypal.createOrder(requireAuth(request).userId, clock())),
  );

  app.get(
    '/deposits/paypal/orders/:id',
    {
      schema: { tags: ['deposits'], summary: 'A PayPal order of the signed-in user', params: orderParams, response: { 200: paypalOrderSchema, ...errorResponses(401, 404) } },
    },
    async (request) => paypal.getOrder(requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/deposits/paypal/orders/:id/capture',
    {
      config: { idempotent: true },
      schema: {
        tags: ['deposits'],
        summary: 'Capture an approved PayPal order: credits 2 USD once, however often it is called (needs an Idempotency-Key header)',
        params: orderParams,
        response: { 200: paypalOrderSchema, 422: errorBodySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => idempotent(request, reply, 200, (trx, call) => paypal.capture(trx, call, request.params.id)),
  );

  app.post(
    '/deposits/paypal/orders/:id/cancel',
    {
      schema: {
        tags: ['deposits'],
        summary: 'Cancel a PayPal order that was not approved',
        params: orderParams,
        response: { 200: paypalOrderSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => paypal.cancel(requireAuth(request).userId, request.params.id),
  );
};
