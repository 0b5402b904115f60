import type { Queryable } from '../../db/schema.js';

/**
 * Whether money ever went from one wallet to the other: behind the confirm step's "first time
 * paying this number" warning. Walks the sender's outgoing postings (indexed) and stops at the first.
 */
export async function hasPaidBefore(db: Queryable, fromAccountId: string, toAccountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('postings as sent')
    .innerJoin('postings as received', (join) => join.onRef('received.transfer_id', '=', 'sent.transfer_id').on('received.account_id', '=', toAccountId))
    .select('sent.id')
    .where('sent.account_id', '=', fromAccountId)
    .where('sent.direction', '=', 'out')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
