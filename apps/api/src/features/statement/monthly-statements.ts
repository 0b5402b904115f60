import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notifyStatementReady } from '../../core/notifications/notify.js';
import { DHAKA_OFFSET_MS } from './dhaka-time.js';
import { insertMonthlyStatements, openUsersCreatedBefore } from './monthly-statements.repository.js';

export interface StatementMonth {
  /** "2026-10" */
  month: string;
  /** First and last day in Asia/Dhaka, both included. */
  from: string;
  to: string;
  /** The month as UTC instants: [start, end). */
  start: number;
  end: number;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar month of "2026-10" in Asia/Dhaka. */
export function statementMonth(month: string): StatementMonth {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthNumber - 1, 1) - DHAKA_OFFSET_MS;
  const end = Date.UTC(year, monthNumber, 1) - DHAKA_OFFSET_MS;
  return { month, from: isoDate(start + DHAKA_OFFSET_MS), to: isoDate(end + DHAKA_OFFSET_MS - 1), start, end };
}

/** The month before the one it is now in Dhaka: on 1 December (Dhaka time), November. */
export function previousDhakaMonth(now: number): StatementMonth {
  const local = new Date(now + DHAKA_OFFSET_MS);
  const previous = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - 1, 1));
  return statementMonth(previous.toISOString().slice(0, 7));
}

const BATCH = 500;

/**
 * Issues last month's statement to every open account that existed during it, and tells each
 * owner, a batch of users per transaction. The key (user, month) decides who issues: a row that
 * another run (a second API instance, or this one before a restart) already wrote is skipped by
 * `on conflict do nothing` and gets no second notification. Returns how many this run issued.
 */
export async function issueMonthlyStatements(db: Kysely<Database>, now: number): Promise<number> {
  const month = previousDhakaMonth(now);
  let issued = 0;
  let afterId = '';
  for (;;) {
    const users = await openUsersCreatedBefore(db, month.end, afterId, BATCH);
    if (users.length === 0) return issued;
    afterId = users.at(-1)!.id;
    issued += await db.transaction().execute(async (trx) => {
      const inserted = await insertMonthlyStatements(trx, users.map((user) => user.id), month.month, now);
      await notifyStatementReady(trx, { userIds: inserted, month: month.month, nowMs: now });
      return inserted.length;
    });
    if (users.length < BATCH) return issued;
  }
}
