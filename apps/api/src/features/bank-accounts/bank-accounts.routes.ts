import { errorCodes, linkBankAccountRequestSchema, linkedBankAccountSchema, maskAccountNumber, type LinkedBankAccount } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, validationFailed } from '../../http/app-error.js';
import { isoAt, type Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { authenticated, requireAuth } from '../../core/session/session-auth.js';

function listLinkedAccounts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .innerJoin('banks', 'banks.id', 'bank_accounts.bank_id')
    .select(['bank_accounts.id', 'bank_accounts.account_number', 'bank_accounts.created_at', 'banks.id as bank_id', 'banks.name as bank_name'])
    .where('bank_accounts.user_id', '=', userId)
    .orderBy('bank_accounts.created_at')
    .orderBy('bank_accounts.id')
    .execute();
}

const toView = (row: Awaited<ReturnType<typeof listLinkedAccounts>>[number]): LinkedBankAccount => ({
  id: row.id,
  bank: { id: row.bank_id, name: row.bank_name },
  accountNumber: row.account_number,
  maskedNumber: maskAccountNumber(row.account_number),
  createdAt: row.created_at,
});

/** The signed-in user's own bank accounts, shown on the dashboard with a copy button. */
export const bankAccountsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
  app.addHook('preHandler', authenticated);

  app.get(
    '/bank-accounts',
    { schema: { tags: ['bank accounts'], summary: 'Linked bank accounts', response: { 200: z.array(linkedBankAccountSchema), ...errorResponses(401) } } },
    async (request) => (await listLinkedAccounts(db, requireAuth(request).userId)).map(toView),
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
    async (request, reply) => {
      const userId = requireAuth(request).userId;
      const bank = await db.selectFrom('banks').select(['id', 'name']).where('id', '=', request.body.bankId).executeTakeFirst();
      if (!bank) throw validationFailed({ bankId: 'Please choose a bank' });
      const row = { id: crypto.randomUUID(), user_id: userId, bank_id: bank.id, account_number: request.body.accountNumber, created_at: isoAt(clock()) };
      try {
        await db.insertInto('bank_accounts').values(row).execute();
      } catch (error) {
        if (!uniqueViolationColumn(error)) throw error;
        throw new AppError(errorCodes.bankAccountTaken, 'This bank account is already linked', { accountNumber: 'This bank account is already linked' });
      }
      return reply.status(201).send(toView({ ...row, bank_name: bank.name }));
    },
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
      const result = await db.deleteFrom('bank_accounts').where('id', '=', request.params.id).where('user_id', '=', requireAuth(request).userId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Bank account');
      return reply.status(204).send(null);
    },
  );
};
