import { CURRENCY } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';

export interface WalletOwner {
  userId: string;
  name: string;
  phone: string;
  photoPath: string | null;
  accountId: string;
}

/**
 * The wallet registered to a phone number (E.164), with its owner: whom a payment, a request or a
 * favourite reaches.
 */
export function findWalletOwnerByPhone(db: Queryable, phone: string): Promise<WalletOwner | undefined> {
  return walletOwners(db).where('users.phone', '=', phone).executeTakeFirst();
}

/** A user's wallet with its owner's name and phone, in one query (the sender of a transfer). */
export function walletOwnerOf(db: Queryable, userId: string): Promise<WalletOwner> {
  return walletOwners(db).where('users.id', '=', userId).executeTakeFirstOrThrow();
}

function walletOwners(db: Queryable) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', CURRENCY))
    .select(['users.id as userId', 'users.name', 'users.phone', 'users.photo_path as photoPath', 'accounts.id as accountId']);
}
