import type { Review } from '@poisha/contracts';
import type { Insertable } from 'kysely';
import type { Queryable, ReviewsTable } from '../../db/schema.js';

export function newestReviews(db: Queryable, limit: number): Promise<Review[]> {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'users.name', 'reviews.star', 'reviews.text', 'reviews.created_at as createdAt'])
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertReview(db: Queryable, review: Insertable<ReviewsTable>): Promise<void> {
  await db.insertInto('reviews').values(review).execute();
}

export async function authorName(db: Queryable, userId: string): Promise<string> {
  const author = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow();
  return author.name;
}
