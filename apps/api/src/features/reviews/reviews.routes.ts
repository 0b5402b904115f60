import { reviewRequestSchema, reviewSchema, reviewsQuerySchema, type Review } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { isoAt, type Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { authenticated, requireAuth } from '../../core/session/session-auth.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';

function newestReviews(db: Kysely<Database>, limit: number): Promise<Review[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'users.name', 'reviews.star', 'reviews.text', 'reviews.created_at as createdAt'])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
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
    async (request) => newestReviews(db, request.query.limit),
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
    async (request, reply) => {
      const userId = requireAuth(request).userId;
      const now = clock();
      await consumeRateLimits(db, now, [{ limit: limits.reviewsPerUser, subject: userId }]);
      const review = { id: crypto.randomUUID(), user_id: userId, star: request.body.star, text: request.body.text, created_at: isoAt(now) };
      await db.insertInto('reviews').values(review).execute();
      const author = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
      return reply.status(201).send({ id: review.id, name: author.name, star: review.star, text: review.text, createdAt: review.created_at });
    },
  );
};
