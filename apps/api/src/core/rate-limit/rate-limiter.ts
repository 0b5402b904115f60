import { errorCodes } from '@poisha/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { rateLimitMessage, retryAfterSeconds, windowStart, type RateLimit } from './rate-limit-policy.js';

/**
 * Counts an attempt against each limit and throws 429 when one is exceeded. Counters live in the
 * database, so several API instances on one PostgreSQL share them. One upsert per limit.
 */
export async function consumeRateLimits(
  db: Kysely<Database>,
  now: number,
  checks: Array<{ limit: RateLimit; subject: string }>,
): Promise<void> {
  for (const { limit, subject } of checks) {
    const start = windowStart(now, limit.windowMs);
    const row = await db
      .insertInto('rate_limit_buckets')
      .values({ bucket_key: `${limit.name}:${subject}`, window_start: start, hits: 1 })
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
export async function refundRateLimits(
  db: Kysely<Database>,
  now: number,
  checks: Array<{ limit: RateLimit; subject: string }>,
): Promise<void> {
  for (const { limit, subject } of checks) {
    await db
      .updateTable('rate_limit_buckets')
      .set({ hits: sql`hits - 1` })
      .where('bucket_key', '=', `${limit.name}:${subject}`)
      .where('window_start', '=', windowStart(now, limit.windowMs))
      .where('hits', '>', 0)
      .execute();
  }
}

/** Buckets of windows that ended a day ago are of no use any more. */
export async function deleteOldRateLimitBuckets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('window_start', '<', now - 24 * 60 * 60 * 1000).execute();
}
