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
import { errorResponses } from '../../http/openapi.js';
import type { PaymentPinService } from './payment-pin.service.js';

/** The payment PIN that approves every payment (decision 0042): its state, first choice, change and reset. */
export const paymentPinRoutes: FastifyPluginAsyncZod<{ paymentPin: PaymentPinService; clock: Clock }> = async (app, { paymentPin, clock }) => {
  app.get(
    '/payment-pin',
    {
      schema: {
        tags: ['payment PIN'],
        summary: 'Whether a payment PIN is set, the wrong tries left, and until when payments are blocked after 3 wrong PINs',
        response: { 200: paymentPinStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => paymentPin.status(requireAuth(request).userId, clock()),
  );

  app.put(
    '/payment-pin',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['payment PIN'],
        summary: 'Choose the payment PIN, once: 5 digits, not one digit five times, not a run like 12345, not the end of the phone number',
        body: setPaymentPinRequestSchema,
        response: { 200: paymentPinStatusSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => paymentPin.set(signedInUser(request), request.body.pin, auditContext(request, clock())),
  );

  app.post(
    '/payment-pin/change',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['payment PIN'],
        summary: 'Change the payment PIN with the one in use; a wrong current PIN counts towards the block like one at a payment',
        body: changePaymentPinRequestSchema,
        response: { 200: paymentPinStatusSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => paymentPin.change(signedInUser(request), request.body, auditContext(request, clock())),
  );

  app.post(
    '/payment-pin/reset/code',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['payment PIN'],
        summary: "Send a code by SMS to the account's number to reset the payment PIN (one a minute per number; five an hour per number and account, ten in all)",
        response: { 202: phoneCodeSentSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await paymentPin.sendResetCode(signedInUser(request), auditContext(request, clock()))),
  );

  app.post(
    '/payment-pin/reset',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['payment PIN'],
        summary: 'Set a new payment PIN with the password and the code sent by SMS; lifts a block after wrong PINs',
        body: resetPaymentPinRequestSchema,
        response: { 200: paymentPinStatusSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => paymentPin.reset(signedInUser(request), request.body, auditContext(request, clock())),
  );
};
