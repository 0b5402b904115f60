import type { Kysely } from 'kysely';
import { issueVerifiableDocument, recordDocumentFile } from '../../core/documents/documents.js';
import type { Database } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';
import type { StatementSeal } from './pdf/statement-pdf.js';
import type { Period } from './statement-period.repository.js';
import type { StatementTotals } from './statement-summary.js';

/** What a statement is about, for the verification service to register it. */
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

export interface IssuedSeal extends StatementSeal {
  /** Stores the SHA-256 (hex) of the PDF once it has been written out. */
  recordFile(sha256Hex: string): Promise<void>;
}

/** Registers a statement as a verifiable document and answers what its PDF prints. */
export type SealStatement = (statement: StatementToSeal) => Promise<IssuedSeal>;

/**
 * Issue 13's verifiable documents (core/documents, decision 0018): the statement's postings are
 * recorded under a short code before the PDF is drawn, so the code and QR code the PDF carries
 * open /verify, which checks them against the journal; the file's digest is stored when the last
 * byte has gone out.
 */
export function verifiableStatements(db: Kysely<Database>, publicUrl: string): SealStatement {
  return async (statement) => {
    const issued = await issueVerifiableDocument(db, {
      userId: statement.userId,
      accountId: statement.walletId,
      subject: { kind: 'statement', from: isoAt(statement.period.start), to: isoAt(statement.period.end) },
      nowMs: statement.nowMs,
      publicUrl,
    });
    return {
      code: issued.displayCode,
      verifyUrl: issued.verifyUrl,
      recordFile: (sha256Hex) => recordDocumentFile(db, issued.code, sha256Hex),
    };
  };
}
