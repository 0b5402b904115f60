import { recipientLookupSchema, recipientQuerySchema, transferRequestSchema, transferResponseSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MovementTransaction } from '../../db/database.js';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { idempotentRoute } from '../../core/idempotency/idempotency.js';
import type { PaymentPinGuard } from '../../core/payment-pin/payment-approval.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { TransfersService } from './transfers.service.js';

export const transfersRoutes: FastifyPluginAsyncZod<{ transfers: TransfersService; movements: MovementTransaction; paymentPins: PaymentPinGuard; clock: Clock }> = async (
  app,
  { transfers, movements, paymentPins, clock },
) => {
  const route = declareRoutes(app, 'transfers');
  const idempotent = idempotentRoute(movements, clock, paymentPins);

  route.get('/recipients', 'The masked name behind a phone number ("Farhana A."), for the confirm step before sending; 30 lookups an hour', {
    querystring: recipientQuerySchema, answer: [200, recipientLookupSchema], errors: [400, 401, 404, 422, 429],
    handler: async (request) => transfers.lookUpRecipient(requireAuth(request).userId, request.query.phone, clock()),
  });

  route.post('/transfers', 'Send money to the wallet registered to a phone number, approved by the payment PIN (needs an Idempotency-Key header; 3 wrong PINs in a row block payments: 403 payment_pin_blocked)', {
    body: transferRequestSchema, answer: [201, transferResponseSchema], errors: [400, 401, 403, 422], config: { idempotent: true, payment: true },
    handler: async (request, reply) =>
      idempotent(request, reply, 201, (trx, call) =>
        transfers.send(trx, { senderId: call.userId, to: request.body.to, amountCents: request.body.amount, reference: request.body.reference, nowMs: call.nowMs }),
      ),
  });
};
