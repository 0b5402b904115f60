import { bankSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { createBanksService } from './banks.service.js';

export const banksRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  const banks = createBanksService(db);
  app.get(
    '/banks',
    {
      config: { public: true },
      schema: {
        tags: ['banks'],
        summary: 'Banks money can be added from',
        response: { 200: z.array(bankSchema) },
      },
    },
    async () => banks.list(),
  );
};
