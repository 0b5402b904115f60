import type { Review } from '@poisha/contracts';
import type { Insertable } from 'kysely';
import type { Queryable, ReviewsTable } from '../../db/schema.js';

export function newestReviews(db: Queryable, limit: number): Promise<Review[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'users.name', 'reviews.star', 'reviews.text', 'reviews.created_at as createdAt'])
    // A closed account's review goes with it.
    .where('users.closed_at', 'is', null)
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * One review per user (a unique index): writing again replaces the star and text, and the review
 * counts as new from then on (its time is the latest writing).
 */
export async function upsertReview(db: Queryable, review: Insertable<ReviewsTable>): Promise<void> {
  await db
    .insertInto('reviews')
    .values(review)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ star: review.star, text: review.text, created_at: review.created_at }))
    .execute();
}

export function ownReview(db: Queryable, userId: string): Promise<Review | undefined> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'users.name', 'reviews.star', 'reviews.text', 'reviews.created_at as createdAt'])
    .where('reviews.user_id', '=', userId)
    .executeTakeFirst();
}
