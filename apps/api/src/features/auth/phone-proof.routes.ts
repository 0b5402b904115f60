import { changePhoneRequestSchema, phoneCodeSentSchema, phoneVerifiedSchema, verifyPhoneRequestSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { signedInUser } from '../../core/session/session-auth.js';
import { declareRoutes } from '../../http/routes.js';
import type { PhoneProofService } from './phone-proof.service.js';

export interface PhoneProofRoutesOptions {
  phoneProof: PhoneProofService;
  clock: Clock;
}

/** The phone number proven by an SMS code (decision 0041): signed-in routes. */
export const phoneProofRoutes: FastifyPluginAsyncZod<PhoneProofRoutesOptions> = async (app, { phoneProof, clock }) => {
  const route = declareRoutes(app, 'auth');

  route.post('/auth/phone/code', "Send a new code by SMS to the signed-in user's number while it is not proven (one a minute per number; five an hour per number and account, ten in all)", {
    answer: [202, phoneCodeSentSchema], errors: [401, 403, 409, 429], config: { signedInUser: true },
    handler: async (request) => {
      const sent = await phoneProof.requestCode(signedInUser(request), auditContext(request, clock()));
      return sent;
    },
  });

  route.post('/auth/phone/change', "Send a code by SMS to a new number for the wallet, confirmed by the current password; it becomes the wallet's number once the code is entered, the old one works until then", {
    body: changePhoneRequestSchema, answer: [202, phoneCodeSentSchema], errors: [400, 401, 403, 409, 422, 429], config: { signedInUser: true },
    handler: async (request) => {
      const sent = await phoneProof.startChange(signedInUser(request), request.body, auditContext(request, clock()));
      return sent;
    },
  });

  route.post('/auth/phone/verify', 'Prove the number with the code sent to it (5 tries, 10 minutes); the wallet then receives money, and the welcome bonus is paid once it waits for nothing else', {
    body: verifyPhoneRequestSchema, answer: [200, phoneVerifiedSchema], errors: [400, 401, 403, 409, 422], config: { signedInUser: true },
    handler: async (request) => {
      const user = await phoneProof.verify(signedInUser(request), request.body.code, auditContext(request, clock()));
      return { user };
    },
  });
};
