import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { WALLET_CURRENCY } from '../users/users.repository.js';
import type { LedgerAccount } from './ledger.js';

type Queryable = Kysely<Database> | Transaction<Database>;

export interface Wallet extends LedgerAccount {
  kind: 'wallet';
  userId: string;
  balance: number;
}

/** The signed-in user's USD wallet. Every user has exactly one (created at sign-up). */
export async function walletOf(db: Queryable, userId: string): Promise<Wallet> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', WALLET_CURRENCY)
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: 'wallet', userId, balance: row.balance };
}
