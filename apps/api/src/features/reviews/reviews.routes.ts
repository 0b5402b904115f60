import { ownReviewSchema, reviewRequestSchema, reviewSchema, reviewsQuerySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { ReviewsService } from './reviews.service.js';

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; clock: Clock }> = async (app, { reviews, clock }) => {
  const route = declareRoutes(app, 'reviews');

  route.get('/reviews', 'The newest reviews with their authors’ names', {
    querystring: reviewsQuerySchema, answer: [200, z.array(reviewSchema)], errors: [400], config: { public: true },
    handler: async (request) => reviews.newest(request.query.limit),
  });

  route.post('/reviews', 'Review the service as the signed-in user: 201 for the first review, 200 when it replaces their earlier one', {
    body: reviewRequestSchema, answer: [200, reviewSchema], otherAnswers: { 201: reviewSchema }, errors: [400, 401, 403, 429],
    handler: async (request, reply) => {
      const { review, created } = await reviews.write(requireAuth(request).userId, request.body, clock());
      return reply.status(created ? 201 : 200).send(review);
    },
  });

  route.get('/reviews/mine', "The signed-in user's own review, if they wrote one", {
    answer: [200, ownReviewSchema], errors: [401],
    handler: async (request) => ({ review: await reviews.mine(requireAuth(request).userId) }),
  });
};
