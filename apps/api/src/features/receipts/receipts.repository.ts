import type { Receipt } from '@poisha/contracts';
import { money } from '../../core/ledger/money.js';
import type { Queryable } from '../../db/schema.js';
import { present } from '../../db/values.js';

/**
 * The receipt of one transfer as the wallet's owner sees it, or null when the wallet has no posting
 * in that transfer (another user's transfer is as unknown as a made-up id).
 */
export async function findReceipt(db: Queryable, userId: string, transferId: string): Promise<(Receipt & { accountId: string }) | null> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('accounts as wallet', 'wallet.id', 'p.account_id')
    .innerJoin('users as holder', 'holder.id', 'wallet.user_id')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('postings as other', (join) => join.onRef('other.transfer_id', '=', 'p.transfer_id').onRef('other.id', '<>', 'p.id'))
    .innerJoin('accounts as other_account', 'other_account.id', 'other.account_id')
    .leftJoin('users as other_user', 'other_user.id', 'other_account.user_id')
    .select([
      'p.account_id',
      'p.amount',
      'p.direction',
      'p.balance_after',
      't.id',
      't.kind',
      't.reference',
      't.counterparty',
      't.created_at',
      't.hash',
      'holder.name as holder_name',
      (eb) => eb.fn.coalesce('holder.closed_phone', 'holder.phone').as('holder_phone'),
      'other_user.name as other_name',
      // A closed account's phone moved aside (it may belong to someone new): show the number it had.
      (eb) => eb.fn.coalesce('other_user.closed_phone', 'other_user.phone').as('other_phone'),
    ])
    .where('wallet.user_id', '=', userId)
    .where('wallet.kind', '=', 'wallet')
    .where('p.transfer_id', '=', transferId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    accountId: row.account_id,
    transferId: row.id,
    type: row.kind,
    direction: row.direction,
    amount: money(Math.abs(row.amount)),
    counterparty: row.other_name ? { name: row.other_name, phone: row.other_phone } : { name: row.counterparty ?? 'Poisha', phone: null },
    reference: row.reference,
    createdAt: row.created_at,
    balanceAfter: money(present(row.balance_after, `transfer ${row.id}: balance after`)),
    holder: { name: row.holder_name, phone: present(row.holder_phone, 'wallet holder phone') },
    chainHash: row.hash,
  };
}
