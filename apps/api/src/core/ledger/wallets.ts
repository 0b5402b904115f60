import { CURRENCY } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';
import type { LedgerAccount } from './ledger.js';

export interface Wallet extends LedgerAccount {
  kind: 'wallet';
  userId: string;
  balance: number;
}

/** The row of a user's wallet (every user has exactly one, created at sign-up), to select from. */
export const walletRowOf = (db: Queryable, userId: string) => db.selectFrom('accounts').where('user_id', '=', userId).where('currency', '=', CURRENCY);

/** The signed-in user's wallet. */
export async function walletOf(db: Queryable, userId: string): Promise<Wallet> {
  const row = await walletRowOf(db, userId).select(['id', 'balance']).executeTakeFirstOrThrow();
  return { id: row.id, kind: 'wallet', userId, balance: row.balance };
}
