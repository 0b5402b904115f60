import type { Receipt } from '@poisha/contracts';
import { entryOf, postingsWithCounterparty } from '../../core/ledger/entries.js';
import { money } from '../../core/ledger/money.js';
import type { Queryable } from '../../db/schema.js';
import { present } from '../../db/values.js';

/**
 * The receipt of one transfer as the wallet's owner sees it, or null when the wallet has no posting
 * in that transfer (another user's transfer is as unknown as a made-up id).
 */
export async function findReceipt(db: Queryable, userId: string, transferId: string): Promise<(Receipt & { accountId: string }) | null> {
  const row = await postingsWithCounterparty(db)
    .innerJoin('accounts as wallet', 'wallet.id', 'p.account_id')
    .innerJoin('users as holder', 'holder.id', 'wallet.user_id')
    .select(['p.account_id', 't.hash', 'holder.name as holder_name', (eb) => eb.fn.coalesce('holder.closed_phone', 'holder.phone').as('holder_phone')])
    .where('wallet.user_id', '=', userId)
    .where('wallet.kind', '=', 'wallet')
    .where('p.transfer_id', '=', transferId)
    .executeTakeFirst();
  if (!row) return null;
  // The statement's entry (its join and counterparty rule), the amount positive as a receipt shows it.
  const { transferId: id, ...entry } = entryOf(row);
  return {
    accountId: row.account_id,
    transferId: id,
    ...entry,
    amount: money(Math.abs(row.amount)),
    holder: { name: row.holder_name, phone: present(row.holder_phone, 'wallet holder phone') },
    chainHash: row.hash,
  };
}
