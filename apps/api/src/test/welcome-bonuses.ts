import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The welcome-bonus transfers that credited the user's wallet, read from the journal (tests count them). */
export function welcomeBonusTransfersOf(db: Kysely<Database>, userId: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('transfers')
    .innerJoin('postings', 'postings.transfer_id', 'transfers.id')
    .innerJoin('accounts', 'accounts.id', 'postings.account_id')
    .select('transfers.id')
    .where('transfers.kind', '=', 'welcome_bonus')
    .where('accounts.user_id', '=', userId)
    .execute();
}
