import type { Receipt } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { isoAt } from '../../core/clock.js';
import { issueVerifiableDocument, recordDocumentFile } from '../../core/documents/documents.js';
import { notFound } from '../../core/errors.js';
import { sha256Hex } from '../../core/ledger/journal-chain.js';
import { onFirstUse } from '../../core/load-on-first-use.js';
import type { Database } from '../../db/schema.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { findReceipt } from './receipts.repository.js';

/** pdfkit, its fonts and the QR code maker load with the first PDF asked for. */
const loadReceiptPdf = onFirstUse(() => import('./receipt-pdf.js'));

/** Receipts of the signed-in user's transfers and deposits: the details, and a verifiable PDF. */
export function createReceiptsService({ db, publicUrl }: { db: Kysely<Database>; publicUrl: string }) {
  async function ownReceipt(userId: string, transferId: string) {
    const found = await findReceipt(db, userId, transferId);
    if (!found) throw notFound('Receipt');
    return found;
  }

  return {
    async receipt(userId: string, transferId: string): Promise<Receipt> {
      const { accountId: _wallet, ...receipt } = await ownReceipt(userId, transferId);
      return receipt;
    },

    /** The receipt's PDF, issued a new code that /verify checks, with the file's digest recorded. */
    async receiptPdf(userId: string, transferId: string, language: ReceiptLanguage, nowMs: number): Promise<{ pdf: Buffer; code: string }> {
      const { accountId, ...receipt } = await ownReceipt(userId, transferId);
      const issued = await issueVerifiableDocument(db, { userId, accountId, subject: { kind: 'receipt', transferId: receipt.transferId }, nowMs, publicUrl });
      const { renderReceiptPdf } = await loadReceiptPdf();
      const pdf = await renderReceiptPdf(receipt, { ...issued, issuedAt: isoAt(nowMs) }, language);
      await recordDocumentFile(db, issued.code, sha256Hex(pdf));
      return { pdf, code: issued.code };
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
