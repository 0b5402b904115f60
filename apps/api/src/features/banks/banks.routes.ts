import { bankSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BanksService } from './banks.service.js';

export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksService }> = async (app, { banks }) => {
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
