import { CURRENCY } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';

/** The wallet registered to a phone number, with its owner's name. */
export function findRecipientWallet(db: Queryable, phone: string) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'accounts.id as accountId'])
    .where('users.phone', '=', phone)
    .executeTakeFirst();
}
