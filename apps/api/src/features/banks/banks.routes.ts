import { bankSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../http/routes.js';
import { z } from 'zod';
import type { BanksService } from './banks.service.js';

export const banksRoutes: FastifyPluginAsyncZod<{ banks: BanksService }> = async (app, { banks }) => {
  const route = declareRoutes(app, 'banks');

  route.get('/banks', 'Banks money can be added from', {
    answer: [200, z.array(bankSchema)], config: { public: true },
    handler: async () => banks.list(),
  });
};
