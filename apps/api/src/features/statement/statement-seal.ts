import type { StatementSeal } from './pdf/statement-pdf.js';
import type { Period } from './statement-period.repository.js';
import type { StatementTotals } from './statement-summary.js';

/** What a statement is about, for a verification service to register it. */
export interface StatementToSeal {
  userId: string;
  walletId: string;
  /** Asia/Dhaka dates, both included, as the user chose them. */
  from: string;
  to: string;
  /** The instants the statement covers: [start, end), end capped at the time it was made. */
  period: Period;
  summary: StatementTotals;
  nowMs: number;
}

/**
 * SEAM for issue 13's verifiable documents: registers a statement and returns the short code and
 * verification address its PDF prints (with a QR code), or null for a statement without them.
 */
export type SealStatement = (statement: StatementToSeal) => Promise<StatementSeal | null>;

/** Until a verification service is wired in app.ts, statements carry no code. */
export const noSeal: SealStatement = async () => null;
