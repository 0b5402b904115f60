import type { Review } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { isoAt } from '../../http/clock.js';
import { authorName, insertReview, newestReviews } from './reviews.repository.js';

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export function createReviewsService(db: Kysely<Database>) {
  return {
    newest: (limit: number): Promise<Review[]> => newestReviews(db, limit),

    async write(userId: string, request: { star: number; text: string }, nowMs: number): Promise<Review> {
      await consumeRateLimits(db, nowMs, [{ limit: limits.reviewsPerUser, subject: userId }]);
      const review = { id: crypto.randomUUID(), user_id: userId, star: request.star, text: request.text, created_at: isoAt(nowMs) };
      await insertReview(db, review);
      return { id: review.id, name: await authorName(db, userId), star: review.star, text: review.text, createdAt: review.created_at };
    },
  };
}
