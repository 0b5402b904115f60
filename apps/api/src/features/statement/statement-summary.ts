import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dhakaMidnight } from './dhaka-time.js';
import { balanceAt, sumByKind, type BalanceLine, type Period } from './statement-period.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instants of a period of Asia/Dhaka dates, both included. A period reaching past now ends
 * now: the statement is a snapshot, and what happens while it is written belongs to the next one.
 */
export function periodOf(range: { from: string; to: string }, now: number): Period {
  const start = dhakaMidnight(range.from);
  const end = Math.max(start, Math.min(dhakaMidnight(range.to) + DAY_MS, now));
  return { start, end };
}

export interface StatementTotals {
  opening: number;
  closing: number;
  /** Both positive. */
  moneyIn: number;
  moneyOut: number;
  entryCount: number;
  lines: BalanceLine[];
}

/**
 * Opening and closing balances read from the journal (the balance after the last posting before
 * each end) and the postings between them summed by kind. The ledger guarantees opening + the
 * sum of the lines = closing; the tests check it rather than this code assuming it.
 */
export async function statementSummary(db: Kysely<Database>, walletId: string, period: Period): Promise<StatementTotals> {
  const [opening, closing, sums] = await Promise.all([balanceAt(db, walletId, period.start), balanceAt(db, walletId, period.end), sumByKind(db, walletId, period)]);
  return {
    opening,
    closing,
    moneyIn: sums.moneyIn,
    moneyOut: sums.moneyOut,
    entryCount: sums.lines.reduce((count, line) => count + line.count, 0),
    lines: sums.lines,
  };
}
