import { linkBankAccountRequestSchema, linkedBankAccountSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { BankAccountsService } from './bank-accounts.service.js';

/** The signed-in user's own bank accounts, shown on the dashboard with a copy button. */
export const bankAccountsRoutes: FastifyPluginAsyncZod<{ bankAccounts: BankAccountsService; clock: Clock }> = async (app, { bankAccounts, clock }) => {
  app.get(
    '/bank-accounts',
    { schema: { tags: ['bank accounts'], summary: 'Linked bank accounts', response: { 200: z.array(linkedBankAccountSchema), ...errorResponses(401) } } },
    async (request) => bankAccounts.list(requireAuth(request).userId),
  );

  app.post(
    '/bank-accounts',
    {
      schema: {
        tags: ['bank accounts'],
        summary: 'Link a bank account',
        body: linkBankAccountRequestSchema,
        response: { 201: linkedBankAccountSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await bankAccounts.link(requireAuth(request).userId, request.body, clock())),
  );

  app.delete(
    '/bank-accounts/:id',
    {
      schema: {
        tags: ['bank accounts'],
        summary: 'Unlink a bank account',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await bankAccounts.unlink(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
