import { reviewRequestSchema, reviewSchema, reviewsQuerySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { authenticated, requireAuth } from '../../core/session/session-auth.js';
import { createReviewsService } from './reviews.service.js';

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
  const reviews = createReviewsService(db);
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The newest reviews with their authors’ names',
        querystring: reviewsQuerySchema,
        response: { 200: z.array(reviewSchema), ...errorResponses(400) },
      },
    },
    async (request) => reviews.newest(request.query.limit),
  );

  app.post(
    '/reviews',
    {
      preHandler: authenticated,
      schema: {
        tags: ['reviews'],
        summary: 'Review the service as the signed-in user',
        body: reviewRequestSchema,
        response: { 201: reviewSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await reviews.write(requireAuth(request).userId, request.body, clock())),
  );
};
