import { errorCodes } from '@poisha/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { rateLimitMessage, retryAfterSeconds, windowStart, type RateLimit } from './rate-limit-policy.js';

/** One attempt to count: the limit, and whom it is counted for (an address, a user id, a phone number). */
export interface RateLimitCheck {
  limit: RateLimit;
  subject: string;
}

/** A limit's counter for one subject, one row per window. */
const bucketKey = ({ limit, subject }: RateLimitCheck) => `${limit.name}:${subject}`;

/**
 * Counts an attempt against each limit and throws 429 when one is exceeded. Counters live in the
 * database, so several API instances on one PostgreSQL share them. One upsert per limit.
 */
export async function consumeRateLimits(db: Kysely<Database>, now: number, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    const { limit } = check;
    const start = windowStart(now, limit.windowMs);
    const row = await db
      .insertInto('rate_limit_buckets')
      .values({ bucket_key: bucketKey(check), window_start: start, hits: 1 })
      .onConflict((conflict) =>
        conflict.columns(['bucket_key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_buckets.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (row.hits > limit.max) {
      const seconds = retryAfterSeconds(now, limit.windowMs);
      throw new AppError(errorCodes.rateLimited, rateLimitMessage(seconds), undefined, {
        'retry-after': String(seconds),
      });
    }
  }
}

/**
 * Takes back the attempt `consumeRateLimits` counted, for limits that count failures only (login):
 * the attempt is counted first, so simultaneous attempts cannot slip past the limit, and given back
 * when it succeeded.
 */
export async function refundRateLimits(db: Kysely<Database>, now: number, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    const { limit } = check;
    await db
      .updateTable('rate_limit_buckets')
      .set({ hits: sql`hits - 1` })
      .where('bucket_key', '=', bucketKey(check))
      .where('window_start', '=', windowStart(now, limit.windowMs))
      .where('hits', '>', 0)
      .execute();
  }
}

/** Buckets of windows that ended a day ago are of no use any more. */
export async function deleteOldRateLimitBuckets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('window_start', '<', now - 24 * 60 * 60 * 1000).execute();
}
