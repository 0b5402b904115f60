import { CURRENCY } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';
import type { LedgerAccount } from './ledger.js';

export interface Wallet extends LedgerAccount {
  kind: 'wallet';
  userId: string;
  balance: number;
}

/** The signed-in user's wallet. Every user has exactly one (created at sign-up). */
export async function walletOf(db: Queryable, userId: string): Promise<Wallet> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', CURRENCY)
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: 'wallet', userId, balance: row.balance };
}
