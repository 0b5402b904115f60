import type { StatementEntry, StatementType } from '@poisha/contracts';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { entryOf, postingsWithCounterparty } from '../../core/ledger/entries.js';
import { money } from '../../core/ledger/money.js';
import { walletRowOf } from '../../core/ledger/wallets.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';
import { isoAt } from '../../core/clock.js';
import type { SpendingPeriods } from './dhaka-time.js';

const directionOf = (type: StatementType) => (type === 'sent' ? 'out' : type === 'received' ? 'in' : null);

/** The postings of one wallet, filtered by direction and time: the rows a statement pages through. */
function walletPostings(db: Queryable, wallet: WalletKey, type: StatementType, range: { from?: number; to?: number } = {}) {
  const direction = directionOf(type);
  return db
    .selectFrom('postings')
    .where('account_id', '=', walletIdOf(db, wallet))
    .$if(direction !== null, (query) => query.where('direction', '=', direction!))
    .$if(range.from !== undefined, (query) => query.where('created_at', '>=', isoAt(range.from!)))
    .$if(range.to !== undefined, (query) => query.where('created_at', '<', isoAt(range.to!)));
}

/**
 * A wallet: its id, or its owner's id where a query should not wait for the wallet's row to be read
 * first (the page of a statement, read beside its count).
 */
export type WalletKey = string | { ownedBy: string };

const walletIdOf = (db: Queryable, wallet: WalletKey) =>
  typeof wallet === 'string' ? wallet : walletRowOf(db, wallet.ownedBy).select('id');

/** A posting joined to its transfer and counterparty, as a statement lists it. */
const statementEntryOf = (row: Parameters<typeof entryOf>[0] & { amount: number }): StatementEntry => ({ id: String(row.id), ...entryOf(row), amount: money(row.amount) });

/** The wallet's entry counters, compiled once: every statement page reads them. */
const entryCounters = compiledOnce((db: Queryable, { ownerId }: { ownerId: string }) => walletRowOf(db, ownerId).select(['entries_in', 'entries_out']));

/**
 * How many entries a statement of this type has in a user's wallet: counted on the wallet's row by
 * every movement (`entries_in`, `entries_out`), so a long journal is not counted for each page.
 */
export async function countEntries(db: Queryable, ownerId: string, type: StatementType): Promise<number> {
  const [wallet] = await entryCounters(db, { ownerId });
  if (!wallet) throw new Error('countEntries: the user has no wallet');
  const [entriesIn, entriesOut] = [safeInteger(wallet.entries_in, 'entries in'), safeInteger(wallet.entries_out, 'entries out')];
  const direction = directionOf(type);
  return direction === 'in' ? entriesIn : direction === 'out' ? entriesOut : entriesIn + entriesOut;
}

/**
 * The ids of a page of entries, newest first. The page is chosen on the narrow index alone (ids
 * only), and only the chosen rows are joined to their transfer and counterparty, so a deep page of
 * a long journal costs an index walk, not a join over everything before it.
 */
const pageIds = (db: Queryable, wallet: WalletKey, type: StatementType, window: { limit: number; offset: number; from?: number; to?: number }) =>
  walletPostings(db, wallet, type, window).select('id').orderBy('id', 'desc').limit(window.limit).offset(window.offset);

/**
 * The postings whose ids the subquery picks, joined to their transfer and counterparty: newest
 * first by id (the paged list), or oldest first by time (a period's statement, read in time order).
 */
const withCounterparty = (db: Queryable, ids: SelectQueryBuilder<Database, 'postings', { id: number }>, order: 'newest-first' | 'in-time-order') =>
  postingsWithCounterparty(db)
    .where('p.id', 'in', ids)
    .$if(order === 'newest-first', (query) => query.orderBy('p.id', 'desc'))
    .$if(order === 'in-time-order', (query) => query.orderBy('p.created_at', 'asc').orderBy('p.id', 'asc'));

/** Entries newest first, in a window of the wallet's journal (a CSV export, the operator's view). */
export async function listEntries(
  db: Kysely<Database>,
  wallet: WalletKey,
  type: StatementType,
  window: { limit: number; offset: number; from?: number; to?: number },
): Promise<StatementEntry[]> {
  return entriesOf(db, pageIds(db, wallet, type, window), 'newest-first');
}

/** The postings whose ids the subquery picks, as statement entries in the order asked for. */
export async function entriesOf(
  db: Kysely<Database>,
  ids: SelectQueryBuilder<Database, 'postings', { id: number }>,
  order: 'newest-first' | 'in-time-order',
): Promise<StatementEntry[]> {
  const rows = await withCounterparty(db, ids, order).execute();
  return rows.map(statementEntryOf);
}

/**
 * One page of a user's statement of one type, newest first: the query every statement page and the
 * dashboard's latest transactions run, built and compiled once per type (building it cost about
 * 120 µs a page, a sixth of the request's time on SQLite, issue 11).
 */
const compilePage = (type: StatementType) =>
  compiledOnce((db: Queryable, { ownerId, limit, offset }: { ownerId: string; limit: number; offset: number }) =>
    withCounterparty(db, pageIds(db, { ownedBy: ownerId }, type, { limit, offset }), 'newest-first'),
  );
const pageQueries: Record<StatementType, ReturnType<typeof compilePage>> = { all: compilePage('all'), sent: compilePage('sent'), received: compilePage('received') };

/** A page of the signed-in user's statement, newest first, without waiting for the wallet's row. */
export async function statementPage(db: Queryable, ownerId: string, type: StatementType, window: { limit: number; offset: number }): Promise<StatementEntry[]> {
  const rows = await pageQueries[type](db, { ownerId, limit: window.limit, offset: window.offset });
  return rows.map(statementEntryOf);
}

export interface SpendingSums {
  week: number;
  month: number;
  year: number;
  months: number[];
}

/**
 * Money sent in each period, in one pass over the wallet's postings since the earliest start on
 * the (account, time, id) index; a posting that sent money is the one with a negative amount.
 */
export function spendingQuery(db: Kysely<Database>, walletId: string, periods: SpendingPeriods) {
  const spentBetween = (start: number, end?: number) =>
    end === undefined
      ? sql<string | number>`cast(coalesce(sum(case when amount < 0 and created_at >= ${isoAt(start)} then -amount else 0 end), 0) as bigint)`
      : sql<string | number>`cast(coalesce(sum(case when amount < 0 and created_at >= ${isoAt(start)} and created_at < ${isoAt(end)} then -amount else 0 end), 0) as bigint)`;
  const earliest = Math.min(periods.yearStart, periods.weekStart, ...periods.months.map((month) => month.start));
  return db
    .selectFrom('postings')
    .select([
      spentBetween(periods.weekStart).as('week'),
      spentBetween(periods.monthStart).as('month'),
      spentBetween(periods.yearStart).as('year'),
      ...periods.months.map((month, index) => spentBetween(month.start, month.end).as(`m${index}`)),
    ])
    .where('account_id', '=', walletId)
    .where('created_at', '>=', isoAt(earliest));
}

export async function sumSpending(db: Kysely<Database>, walletId: string, periods: SpendingPeriods): Promise<SpendingSums> {
  const row = await spendingQuery(db, walletId, periods).executeTakeFirstOrThrow();
  const values = row as Record<string, string | number>;
  return {
    week: safeInteger(values.week, 'spent this week'),
    month: safeInteger(values.month, 'spent this month'),
    year: safeInteger(values.year, 'spent this year'),
    months: periods.months.map((_, index) => safeInteger(values[`m${index}`], `spent in month ${index}`)),
  };
}
