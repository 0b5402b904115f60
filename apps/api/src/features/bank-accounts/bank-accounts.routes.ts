import { linkBankAccountRequestSchema, linkedBankAccountSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { BankAccountsService } from './bank-accounts.service.js';

/** The signed-in user's own bank accounts, shown on the dashboard with a copy button. */
export const bankAccountsRoutes: FastifyPluginAsyncZod<{ bankAccounts: BankAccountsService; clock: Clock }> = async (app, { bankAccounts, clock }) => {
  const route = declareRoutes(app, 'bank accounts');

  route.get('/bank-accounts', 'Linked bank accounts', {
    answer: [200, z.array(linkedBankAccountSchema)], errors: [401],
    handler: async (request) => bankAccounts.list(requireAuth(request).userId),
  });

  route.post('/bank-accounts', 'Link a bank account', {
    body: linkBankAccountRequestSchema, answer: [201, linkedBankAccountSchema], errors: [400, 401, 403, 409],
    handler: async (request) => bankAccounts.link(requireAuth(request).userId, request.body, clock()),
  });

  route.delete('/bank-accounts/:id', 'Unlink a bank account', {
    params: z.object({ id: z.string().min(1).max(64) }), answer: [204, z.null()], errors: [401, 403, 404],
    handler: async (request) => {
      await bankAccounts.unlink(requireAuth(request).userId, request.params.id);
    },
  });
};
