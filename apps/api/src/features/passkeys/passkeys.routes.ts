import { passkeyListSchema, passkeyOptionsSchema, passkeyParamsSchema, passkeyRegistrationOptionsRequestSchema, passkeyRegistrationRequestSchema, passkeySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth, signedInUser } from '../../core/session/session-auth.js';
import { declareRoutes } from '../../http/routes.js';
import type { PasskeysService } from './passkeys.service.js';

/** The signed-in owner's passkeys (decision 0045); signing in with one is under /auth/passkey. */
export const passkeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; clock: Clock }> = async (app, { passkeys, clock }) => {
  const route = declareRoutes(app, 'passkeys');

  route.get('/passkeys', "The account's passkeys: name, when added and last used, whether kept in a synced store", {
    answer: [200, passkeyListSchema], errors: [401],
    handler: async (request) => passkeys.list(requireAuth(request).userId),
  });

  route.post('/passkeys/registration-options', 'Start adding a passkey, confirmed by the password and the payment PIN (a wrong PIN counts as at a payment): the options for navigator.credentials.create, good for 5 minutes', {
    body: passkeyRegistrationOptionsRequestSchema, answer: [200, passkeyOptionsSchema], errors: [400, 401, 403, 422, 429], config: { signedInUser: true },
    handler: async (request) => passkeys.registrationOptions(signedInUser(request), request.body, auditContext(request, clock())),
  });

  route.post('/passkeys', 'Add the passkey the browser made for the registration options; the owner is mailed', {
    body: passkeyRegistrationRequestSchema, answer: [201, passkeySchema], errors: [400, 401, 409, 422, 429], config: { signedInUser: true },
    handler: async (request) => passkeys.register(signedInUser(request), request.body, auditContext(request, clock())),
  });

  route.delete('/passkeys/:id', 'Remove a passkey: it no longer signs in or approves payments; the owner is mailed', {
    params: passkeyParamsSchema, answer: [204, z.null()], errors: [401, 404], config: { signedInUser: true },
    handler: async (request) => {
      await passkeys.remove(signedInUser(request), request.params.id, auditContext(request, clock()));
    },
  });

  route.post('/passkeys/payment-options', "A challenge to approve a payment with one of the account's passkeys (user verification required) instead of the PIN: send its answer as the payment's `passkey`; good for 5 minutes, once", {
    answer: [200, passkeyOptionsSchema], errors: [401, 422],
    handler: async (request) => passkeys.paymentOptions(requireAuth(request).userId, clock()),
  });
};
