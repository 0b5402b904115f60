import type { Review } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';
import { newestReviews, ownReview, upsertReview } from './reviews.repository.js';

/** Reviews of the service: anyone can read the newest; signed-in users write them under their own name. */
export function createReviewsService({ db }: { db: Kysely<Database> }) {
  return {
    newest: (limit: number): Promise<Review[]> => newestReviews(db, limit),

    mine: async (userId: string): Promise<Review | null> => (await ownReview(db, userId)) ?? null,

    /** Writes the user's one review, or replaces it; `created` tells which. */
    async write(userId: string, request: { star: number; text: string }, nowMs: number): Promise<{ review: Review; created: boolean }> {
      await consumeRateLimits(db, nowMs, [{ limit: limits.reviewsPerUser, subject: userId }]);
      const created = (await ownReview(db, userId)) === undefined;
      await upsertReview(db, { id: crypto.randomUUID(), user_id: userId, star: request.star, text: request.text, created_at: isoAt(nowMs) });
      const review = await ownReview(db, userId);
      if (!review) throw new Error('review not stored');
      return { review, created };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
