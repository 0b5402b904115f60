import { passkeyListSchema, passkeyOptionsSchema, passkeyParamsSchema, passkeyRegistrationOptionsRequestSchema, passkeyRegistrationRequestSchema, passkeySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth, signedInUser } from '../../core/session/session-auth.js';
import { errorResponses } from '../../http/openapi.js';
import type { PasskeysService } from './passkeys.service.js';

/** The signed-in owner's passkeys (decision 0045); signing in with one is under /auth/passkey. */
export const passkeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; clock: Clock }> = async (app, { passkeys, clock }) => {
  app.get(
    '/passkeys',
    {
      schema: {
        tags: ['passkeys'],
        summary: "The account's passkeys: name, when added and last used, whether kept in a synced store",
        response: { 200: passkeyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => passkeys.list(requireAuth(request).userId),
  );

  app.post(
    '/passkeys/registration-options',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['passkeys'],
        summary: 'Start adding a passkey, confirmed by the password and the payment PIN (a wrong PIN counts as at a payment): the options for navigator.credentials.create, good for 5 minutes',
        body: passkeyRegistrationOptionsRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request) => passkeys.registrationOptions(signedInUser(request), request.body, auditContext(request, clock())),
  );

  app.post(
    '/passkeys',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['passkeys'],
        summary: 'Add the passkey the browser made for the registration options; the owner is mailed',
        body: passkeyRegistrationRequestSchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await passkeys.register(signedInUser(request), request.body, auditContext(request, clock()))),
  );

  app.delete(
    '/passkeys/:id',
    {
      config: { signedInUser: true },
      schema: {
        tags: ['passkeys'],
        summary: 'Remove a passkey: it no longer signs in or approves payments; the owner is mailed',
        params: passkeyParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await passkeys.remove(signedInUser(request), request.params.id, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/passkeys/payment-options',
    {
      schema: {
        tags: ['passkeys'],
        summary: "A challenge to approve a payment with one of the account's passkeys (user verification required) instead of the PIN: send its answer as the payment's `passkey`; good for 5 minutes, once",
        response: { 200: passkeyOptionsSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => passkeys.paymentOptions(requireAuth(request).userId, clock()),
  );
};
