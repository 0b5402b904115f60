import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { WALLET_CURRENCY } from '../../modules/users/users.repository.js';

export interface WalletOwner {
  userId: string;
  name: string;
  phone: string;
  photoPath: string | null;
  accountId: string;
}

/** The wallet registered to a phone number (E.164), with its owner: whom a payment or request reaches. */
export function findWalletOwnerByPhone(db: Kysely<Database> | Transaction<Database>, phone: string): Promise<WalletOwner | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', WALLET_CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'users.photo_path as photoPath', 'accounts.id as accountId'])
    .where('users.phone', '=', phone)
    .executeTakeFirst();
}
