import { sql, type Expression } from 'kysely';
import type { Queryable } from '../db/schema.js';
import { safeInteger } from '../db/values.js';

/** One way the books disagree with themselves. */
export interface Difference {
  check: 'wallet_balance' | 'negative_balance' | 'entry_count' | 'journal_sum' | 'transfer_postings' | 'transfer_amount';
  subject: string;
  detail: string;
}

export interface SystemTotal {
  code: string;
  /** Money that left the system account into wallets (positive: created by bonuses or deposits). */
  issuedCents: number;
}

export interface BooksReport {
  wallets: number;
  transfers: number;
  postings: number;
  walletTotalCents: number;
  systemTotals: SystemTotal[];
  differences: Difference[];
}

/** PostgreSQL answers sum() of bigints as numeric text; SQLite as a number. Either way a whole number. */
const whole = (value: unknown, what: string) => safeInteger(value ?? 0, what);

/** sum() that answers 0 over no rows (an account without postings), where SQL answers null. */
const sumOrZero = (expression: Expression<unknown>) => sql<number | string>`coalesce(sum(${expression}), 0)`;
/** How many of the joined postings go in (or out). */
const countDirection = (direction: 'in' | 'out') => sumOrZero(sql`case when p.direction = ${sql.lit(direction)} then 1 else 0 end`);
/** What the joined postings credit: their positive amounts. */
const creditedAmount = sumOrZero(sql`case when p.amount > 0 then p.amount else 0 end`);

/**
 * Checks the double-entry journal against itself and the kept balances:
 * - every wallet's balance equals the sum of its postings, and none is negative;
 * - every wallet's counts of entries in and out (what statement pages show as the total) equal its postings;
 * - all postings together sum to zero (money is only moved, never made);
 * - every transfer has exactly two postings, which sum to zero, and moves its own amount.
 * Reads only; the queries aggregate in the database, so it works on a journal of any size.
 */
export async function checkBooks(db: Queryable): Promise<BooksReport> {
  const differences: Difference[] = [];

  const walletRows = await db
    .selectFrom('accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select((eb) => [
      'a.id',
      'a.balance',
      'a.entries_in',
      'a.entries_out',
      sumOrZero(eb.ref('p.amount')).as('posted'),
      countDirection('in').as('posted_in'),
      countDirection('out').as('posted_out'),
    ])
    .where('a.kind', '=', 'wallet')
    .groupBy(['a.id', 'a.balance', 'a.entries_in', 'a.entries_out'])
    .execute();
  let walletTotalCents = 0;
  for (const row of walletRows) {
    const posted = whole(row.posted, `postings of ${row.id}`);
    walletTotalCents += row.balance;
    if (posted !== row.balance) {
      differences.push({ check: 'wallet_balance', subject: `wallet ${row.id}`, detail: `balance ${row.balance} but its postings sum to ${posted} (difference ${row.balance - posted})` });
    }
    if (row.balance < 0) differences.push({ check: 'negative_balance', subject: `wallet ${row.id}`, detail: `balance ${row.balance} is below zero` });
    const counted = { in: whole(row.entries_in, 'entries in'), out: whole(row.entries_out, 'entries out') };
    const postedEntries = { in: whole(row.posted_in, `postings in of ${row.id}`), out: whole(row.posted_out, `postings out of ${row.id}`) };
    if (counted.in !== postedEntries.in || counted.out !== postedEntries.out) {
      differences.push({
        check: 'entry_count',
        subject: `wallet ${row.id}`,
        detail: `counts ${counted.in} entries in and ${counted.out} out, but has ${postedEntries.in} postings in and ${postedEntries.out} out`,
      });
    }
  }

  const journal = await db
    .selectFrom('postings')
    .select((eb) => [sumOrZero(eb.ref('amount')).as('total'), eb.fn.countAll<number | string>().as('count')])
    .executeTakeFirstOrThrow();
  const journalTotal = whole(journal.total, 'sum of all postings');
  if (journalTotal !== 0) differences.push({ check: 'journal_sum', subject: 'all postings', detail: `sum to ${journalTotal}, not 0` });

  const badTransfers = await db
    .selectFrom('transfers as t')
    .leftJoin('postings as p', 'p.transfer_id', 't.id')
    .select((eb) => [
      't.id',
      't.amount',
      eb.fn.count<number | string>('p.id').as('postings'),
      sumOrZero(eb.ref('p.amount')).as('total'),
      creditedAmount.as('credited'),
    ])
    .groupBy(['t.id', 't.amount'])
    .having((eb) =>
      eb.or([
        eb(eb.fn.count('p.id'), '<>', 2),
        eb(sumOrZero(eb.ref('p.amount')), '<>', 0),
        eb(creditedAmount, '<>', eb.ref('t.amount')),
      ]),
    )
    .execute();
  for (const row of badTransfers) {
    const count = whole(row.postings, 'posting count');
    const total = whole(row.total, 'transfer sum');
    if (count !== 2 || total !== 0) {
      differences.push({ check: 'transfer_postings', subject: `transfer ${row.id}`, detail: `${count} posting(s) summing to ${total} (a transfer has exactly 2, summing to 0)` });
    } else {
      differences.push({ check: 'transfer_amount', subject: `transfer ${row.id}`, detail: `moves ${whole(row.credited, 'credited')} but records amount ${row.amount}` });
    }
  }

  const systemRows = await db
    .selectFrom('accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select((eb) => ['a.id', 'a.code', sumOrZero(eb.ref('p.amount')).as('posted')])
    .where('a.kind', '=', 'system')
    .groupBy(['a.id', 'a.code'])
    .orderBy('a.code')
    .execute();
  const transferCount = await db.selectFrom('transfers').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();

  return {
    wallets: walletRows.length,
    transfers: whole(transferCount.n, 'transfer count'),
    postings: whole(journal.count, 'posting count'),
    walletTotalCents,
    // A system account's postings are negative when money leaves it for wallets.
    systemTotals: systemRows.map((row) => ({ code: row.code ?? row.id, issuedCents: -whole(row.posted, `postings of ${row.id}`) })),
    differences,
  };
}
