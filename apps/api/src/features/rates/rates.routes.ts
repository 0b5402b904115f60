import { ratesSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../http/routes.js';

/** Exchange rates for the currency converter, from configuration (RATE_BDT_USD). */
export const ratesRoutes: FastifyPluginAsyncZod<{ bdtToUsd: string }> = async (app, { bdtToUsd }) => {
  const route = declareRoutes(app, 'rates');

  const rates = ratesSchema.parse({ BDT: { USD: bdtToUsd } });
  route.get('/rates', 'Exchange rates as exact decimal strings: { "BDT": { "USD": "0.011" } } means 1 BDT buys 0.011 USD', {
    answer: [200, ratesSchema], config: { public: true },
    handler: async () => rates,
  });
};
