import { recoveryCodesSchema, twoStepConfirmRequestSchema, twoStepEnableRequestSchema, twoStepSetupRequestSchema, twoStepSetupSchema, twoStepStatusSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth, signedInUser } from '../../core/session/session-auth.js';
import { declareRoutes } from '../../http/routes.js';
import type { TwoStepService } from './two-step.service.js';

/** Two-step sign-in in Settings (decision 0044): its state, turning it on (two steps) and off. */
export const twoStepRoutes: FastifyPluginAsyncZod<{ twoStep: TwoStepService; clock: Clock }> = async (app, { twoStep, clock }) => {
  const route = declareRoutes(app, 'auth');

  route.get('/auth/two-step', 'Whether two-step sign-in is on, and how many recovery codes are left', {
    answer: [200, twoStepStatusSchema], errors: [401],
    handler: async (request) => twoStep.status(requireAuth(request).userId),
  });

  route.post('/auth/two-step/setup', 'Start turning on two-step sign-in, confirmed by the password: a new secret for the authenticator app (QR code, otpauth link, text); it is off until a code proves it', {
    body: twoStepSetupRequestSchema, answer: [200, twoStepSetupSchema], errors: [400, 401, 409, 429], config: { signedInUser: true },
    handler: async (request) => twoStep.setup(signedInUser(request), request.body.currentPassword, auditContext(request, clock())),
  });

  route.post('/auth/two-step/enable', "Turn two-step sign-in on with the app's first code; answers the 10 recovery codes, shown this once", {
    body: twoStepEnableRequestSchema, answer: [200, recoveryCodesSchema], errors: [400, 401, 409, 429], config: { signedInUser: true },
    handler: async (request) => twoStep.enable(signedInUser(request), request.body.code, auditContext(request, clock())),
  });

  route.post('/auth/two-step/recovery-codes', 'Replace the recovery codes with 10 new ones (the others stop working), confirmed by the password and a code; shown this once', {
    body: twoStepConfirmRequestSchema, answer: [200, recoveryCodesSchema], errors: [400, 401, 409, 429], config: { signedInUser: true },
    handler: async (request) => twoStep.renewRecoveryCodes(signedInUser(request), request.body, auditContext(request, clock())),
  });

  route.post('/auth/two-step/disable', 'Turn two-step sign-in off with the password and a code from the app or a recovery code', {
    body: twoStepConfirmRequestSchema, answer: [200, twoStepStatusSchema], errors: [400, 401, 409, 429], config: { signedInUser: true },
    handler: async (request) => twoStep.disable(signedInUser(request), request.body, auditContext(request, clock())),
  });
};
