import { loanInterestSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/session/session-auth.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import type { LoanService } from './loan.service.js';

export const loanRoutes: FastifyPluginAsyncZod<{ loans: LoanService; clock: Clock }> = async (app, { loans, clock }) => {
  app.get(
    '/loan-interest',
    {
      schema: {
        tags: ['loans'],
        summary: 'Whether the signed-in user registered interest in loans',
        response: { 200: loanInterestSchema, ...errorResponses(401) },
      },
    },
    async (request) => loans.interest(requireAuth(request).userId),
  );

  app.put(
    '/loan-interest',
    {
      schema: {
        tags: ['loans'],
        summary: 'Register interest in loans (once per user; repeating it changes nothing)',
        response: { 200: loanInterestSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => loans.register(requireAuth(request).userId, clock()),
  );
};
