import type { BalanceLineKind, StatementEntry, TransferKind } from '@poisha/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { present, safeInteger } from '../../db/values.js';
import { isoAt } from '../../core/clock.js';
import { entriesOf } from './statement.repository.js';

/** A statement period as UTC instants: [start, end). */
export interface Period {
  start: number;
  end: number;
}

/**
 * The wallet's balance at an instant: the balance after its last posting before then (0 before the
 * first). Each posting carries the balance after it, so this is one index probe, not a sum.
 */
export async function balanceAt(db: Kysely<Database>, walletId: string, instant: number): Promise<number> {
  const row = await db
    .selectFrom('postings')
    .select(['id', 'balance_after'])
    .where('account_id', '=', walletId)
    .where('created_at', '<', isoAt(instant))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? present(row.balance_after, `posting ${row.id}: balance after`) : 0;
}

export interface BalanceLine {
  kind: BalanceLineKind;
  /** Signed cents: negative for money out. */
  amount: number;
  count: number;
}

/** A transfer is "sent" or "received" by its direction; money from outside is named by its kind. */
export function lineKind(kind: TransferKind, direction: 'in' | 'out'): BalanceLineKind {
  return kind === 'transfer' ? (direction === 'out' ? 'sent' : 'received') : kind;
}

const LINE_ORDER: readonly BalanceLineKind[] = ['received', 'bank_deposit', 'card_deposit', 'paypal_deposit', 'welcome_bonus', 'sent'];

/** Sums of the wallet's postings in the period, by transfer kind and direction, added up in SQL. */
export async function sumByKind(db: Kysely<Database>, walletId: string, period: Period): Promise<{ lines: BalanceLine[]; moneyIn: number; moneyOut: number }> {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .select([
      't.kind',
      'p.direction',
      sql<string | number>`cast(sum(p.amount) as bigint)`.as('total'),
      (eb) => eb.fn.countAll<string | number>().as('count'),
    ])
    .where('p.account_id', '=', walletId)
    .where('p.created_at', '>=', isoAt(period.start))
    .where('p.created_at', '<', isoAt(period.end))
    .groupBy(['t.kind', 'p.direction'])
    .execute();

  const lines = new Map<BalanceLineKind, BalanceLine>();
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of rows) {
    const amount = safeInteger(row.total, `sum of ${row.kind} ${row.direction}`);
    const count = safeInteger(row.count, `count of ${row.kind} ${row.direction}`);
    const kind = lineKind(row.kind, row.direction);
    const line = lines.get(kind) ?? { kind, amount: 0, count: 0 };
    lines.set(kind, { kind, amount: line.amount + amount, count: line.count + count });
    if (row.direction === 'in') moneyIn += amount;
    else moneyOut -= amount;
  }
  return { lines: LINE_ORDER.flatMap((kind) => lines.get(kind) ?? []), moneyIn, moneyOut };
}

/**
 * The period's entries oldest first, a batch at a time: each batch continues after the last row
 * of the one before on the (account, time, id) index, so a long period is never held in memory
 * and a late batch costs what the first did.
 */
export async function* entriesInPeriod(db: Kysely<Database>, walletId: string, period: Period, batchSize = 500): AsyncGenerator<StatementEntry[]> {
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const cursor: { createdAt: string; id: number } | null = after;
    const ids = db
      .selectFrom('postings')
      .select('id')
      .where('account_id', '=', walletId)
      .where('created_at', '<', isoAt(period.end))
      .$if(cursor === null, (query) => query.where('created_at', '>=', isoAt(period.start)))
      .$if(cursor !== null, (query) =>
        query.where((eb) =>
          eb.or([eb('created_at', '>', cursor!.createdAt), eb.and([eb('created_at', '=', cursor!.createdAt), eb('id', '>', cursor!.id)])]),
        ),
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(batchSize);
    const batch = await entriesOf(db, ids, 'in-time-order');
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    const last = batch.at(-1)!;
    after = { createdAt: last.createdAt, id: Number(last.id) };
  }
}

/** Who the statement belongs to, as it names them. */
export async function statementHolder(db: Kysely<Database>, userId: string): Promise<{ name: string; phone: string }> {
  const row = await db
    .selectFrom('users')
    .select(['name', (eb) => eb.fn.coalesce('closed_phone', 'phone').as('phone')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { name: row.name, phone: row.phone };
}
