import { loanInterestSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/session/session-auth.js';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { LoanService } from './loan.service.js';

export const loanRoutes: FastifyPluginAsyncZod<{ loans: LoanService; clock: Clock }> = async (app, { loans, clock }) => {
  const route = declareRoutes(app, 'loans');

  route.get('/loan-interest', 'Whether the signed-in user registered interest in loans', {
    answer: [200, loanInterestSchema], errors: [401],
    handler: async (request) => loans.interest(requireAuth(request).userId),
  });

  route.put('/loan-interest', 'Register interest in loans (once per user; repeating it changes nothing)', {
    answer: [200, loanInterestSchema], errors: [401, 403],
    handler: async (request) => loans.register(requireAuth(request).userId, clock()),
  });
};
