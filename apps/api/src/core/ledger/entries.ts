import type { Queryable, TransferKind } from '../../db/schema.js';
import { present } from '../../db/values.js';
import { money } from './money.js';

/**
 * A wallet's postings as entries: each joined to its transfer and to the other side of it, the
 * counterparty (a wallet's holder, or the outside party the transfer names). The statement selects
 * pages of these, a receipt one; each adds its own filters and columns.
 */
export function postingsWithCounterparty(db: Queryable) {
  return db
    .selectFrom('postings as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('postings as other', (join) => join.onRef('other.transfer_id', '=', 'p.transfer_id').onRef('other.id', '<>', 'p.id'))
    .innerJoin('accounts as other_account', 'other_account.id', 'other.account_id')
    .leftJoin('users as other_user', 'other_user.id', 'other_account.user_id')
    .select([
      'p.id',
      'p.transfer_id',
      'p.amount',
      'p.direction',
      'p.balance_after',
      'p.created_at',
      't.kind',
      't.reference',
      't.counterparty',
      'other_user.name as other_name',
      // A closed account's phone moved aside (it may belong to someone new): show the number it had.
      (eb) => eb.fn.coalesce('other_user.closed_phone', 'other_user.phone').as('other_phone'),
    ]);
}

interface EntryRow {
  id: number;
  transfer_id: string;
  direction: 'in' | 'out';
  balance_after: number | null;
  created_at: string;
  kind: TransferKind;
  reference: string | null;
  counterparty: string | null;
  other_name: string | null;
  other_phone: string | null;
}

/** What a statement entry and a receipt say alike about one posting (the amount is each one's own). */
export function entryOf(row: EntryRow) {
  return {
    transferId: row.transfer_id,
    type: row.kind,
    direction: row.direction,
    counterparty: row.other_name ? { name: row.other_name, phone: row.other_phone } : { name: row.counterparty ?? 'Poisha', phone: null },
    reference: row.reference,
    createdAt: row.created_at,
    // A wallet's postings always carry the balance after; only system accounts' are null.
    balanceAfter: money(present(row.balance_after, `posting ${row.id}: balance after`)),
  };
}
