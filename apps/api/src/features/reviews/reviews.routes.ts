import { ownReviewSchema, reviewRequestSchema, reviewSchema, reviewsQuerySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { ReviewsService } from './reviews.service.js';

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; clock: Clock }> = async (app, { reviews, clock }) => {
  app.get(
    '/reviews',
    {
      config: { public: true },
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
      schema: {
        tags: ['reviews'],
        summary: 'Review the service as the signed-in user: 201 for the first review, 200 when it replaces their earlier one',
        body: reviewRequestSchema,
        response: { 200: reviewSchema, 201: reviewSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { review, created } = await reviews.write(requireAuth(request).userId, request.body, clock());
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.get(
    '/reviews/mine',
    {
      schema: {
        tags: ['reviews'],
        summary: "The signed-in user's own review, if they wrote one",
        response: { 200: ownReviewSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ review: await reviews.mine(requireAuth(request).userId) }),
  );
};
