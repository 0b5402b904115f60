import {
  changePaymentPinRequestSchema,
  paymentPinStatusSchema,
  phoneCodeSentSchema,
  resetPaymentPinRequestSchema,
  setPaymentPinRequestSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth, signedInUser } from '../../core/session/session-auth.js';
import { declareRoutes } from '../../http/routes.js';
import type { PaymentPinService } from './payment-pin.service.js';

/** The payment PIN that approves every payment (decision 0042): its state, first choice, change and reset. */
export const paymentPinRoutes: FastifyPluginAsyncZod<{ paymentPin: PaymentPinService; clock: Clock }> = async (app, { paymentPin, clock }) => {
  const route = declareRoutes(app, 'payment PIN');

  route.get('/payment-pin', 'Whether a payment PIN is set, the wrong tries left, and until when payments are blocked after 3 wrong PINs', {
    answer: [200, paymentPinStatusSchema], errors: [401],
    handler: async (request) => paymentPin.status(requireAuth(request).userId, clock()),
  });

  route.put('/payment-pin', 'Choose the payment PIN, once: 5 digits, not one digit five times, not a run like 12345, not the end of the phone number', {
    body: setPaymentPinRequestSchema, answer: [200, paymentPinStatusSchema], errors: [400, 401, 409], config: { signedInUser: true },
    handler: async (request) => paymentPin.set(signedInUser(request), request.body.pin, auditContext(request, clock())),
  });

  route.post('/payment-pin/change', 'Change the payment PIN with the one in use; a wrong current PIN counts towards the block like one at a payment', {
    body: changePaymentPinRequestSchema, answer: [200, paymentPinStatusSchema], errors: [400, 401, 403, 422], config: { signedInUser: true },
    handler: async (request) => paymentPin.change(signedInUser(request), request.body, auditContext(request, clock())),
  });

  route.post('/payment-pin/reset/code', "Send a code by SMS to the account's number to reset the payment PIN (one a minute per number; five an hour per number and account, ten in all)", {
    answer: [202, phoneCodeSentSchema], errors: [401, 429], config: { signedInUser: true },
    handler: async (request) => paymentPin.sendResetCode(signedInUser(request), auditContext(request, clock())),
  });

  route.post('/payment-pin/reset', 'Set a new payment PIN with the password and the code sent by SMS; lifts a block after wrong PINs', {
    body: resetPaymentPinRequestSchema, answer: [200, paymentPinStatusSchema], errors: [400, 401, 422, 429], config: { signedInUser: true },
    handler: async (request) => paymentPin.reset(signedInUser(request), request.body, auditContext(request, clock())),
  });
};
