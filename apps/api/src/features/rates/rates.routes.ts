import { ratesSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Exchange rates for the currency converter, from configuration (RATE_BDT_USD). */
export const ratesRoutes: FastifyPluginAsyncZod<{ bdtToUsd: string }> = async (app, { bdtToUsd }) => {
  const rates = ratesSchema.parse({ BDT: { USD: bdtToUsd } });
  app.get(
    '/rates',
    {
      config: { public: true },
      schema: {
        tags: ['rates'],
        summary: 'Exchange rates as exact decimal strings: { "BDT": { "USD": "0.011" } } means 1 BDT buys 0.011 USD',
        response: { 200: ratesSchema },
      },
    },
    async () => rates,
  );
};
