import { CURRENCY } from '@poisha/contracts';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import type { LedgerAccount } from './movement-rules.js';

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

/**
 * The wallets of several users, each row locked until the transaction ends, taken in the rules'
 * lock order (movement-rules.ts) whatever order the users are named in. Whatever else a transaction
 * locks (a money request, an account closing), it locks these first: two transactions then never
 * hold one of them each while waiting for the other's (decision 0032). SQLite's writers take turns
 * and need no row locks.
 */
export async function lockWalletsOf<const UserIds extends readonly string[]>(trx: Transaction<Database>, userIds: UserIds): Promise<{ [Index in keyof UserIds]: Wallet }> {
  const query = trx.selectFrom('accounts').select(['id', 'user_id', 'balance']).where('user_id', 'in', [...userIds]).where('currency', '=', CURRENCY);
  // Byte order of the ids, as move_money takes them (PostgreSQL's default collation may differ).
  const rows = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.orderBy(sql`id collate "C"`).forUpdate() : query.orderBy('id')).execute();
  return userIds.map((userId): Wallet => {
    const row = rows.find((candidate) => candidate.user_id === userId);
    if (!row) throw new Error(`lockWalletsOf: user ${userId} has no wallet`);
    return { id: row.id, kind: 'wallet', userId, balance: row.balance };
  }) as { [Index in keyof UserIds]: Wallet };
}
