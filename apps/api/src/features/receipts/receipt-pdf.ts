import { centsToDecimal, formatPhoneLocal, type Money, type Receipt } from '@poisha/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { counterpartyName, dhakaFormats, localDigits, pdfLocale } from '../../core/pdf/pdf-locale.js';
import { drawText, PDF_TEXT_OPTIONS, registerFonts } from '../../core/pdf/pdf-text.js';
import { receiptDirection, receiptLabels, type ReceiptLanguage } from './receipt-labels.js';

const BRAND = '#047857';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#e2e8f0';


/** Exact to the cent: the decimal string is built by integer arithmetic, Intl only spells it. */
const formatMoney = (money: Money, language: ReceiptLanguage) =>
  new Intl.NumberFormat(pdfLocale(language), { style: 'currency', currency: money.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    centsToDecimal(money.amount) as Intl.StringNumericLiteral,
  );
/** "21 Nov 2026, সকাল ১০:৩০" in Bangla (never "AM"), "Nov 21, 2026, 10:30 AM" in English. */
const formatInstant = (iso: string, language: ReceiptLanguage) => dhakaFormats(language).dateTime(iso);

export interface ReceiptSeal {
  displayCode: string;
  verifyUrl: string;
  issuedAt: string;
}

/**
 * One A5 page: the amount, the movement's details, and the code and QR code that /verify checks.
 * The PDF's dates are fixed to the issue time, so the same receipt renders to the same bytes.
 */
export async function renderReceiptPdf(receipt: Receipt, seal: ReceiptSeal, language: ReceiptLanguage): Promise<Buffer> {
  const labels = receiptLabels[language];
  const qr = await QRCode.toBuffer(seal.verifyUrl, { margin: 0, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `${labels.brand} ${labels.title} ${seal.displayCode}`, Author: labels.brand, CreationDate: new Date(seal.issuedAt), ModDate: new Date(seal.issuedAt) },
    lang: language,
    ...PDF_TEXT_OPTIONS,
  });
  // Noto Sans Bengali's Bengali and Latin files, text cut into runs of one script (core/pdf).
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const write = (text: string, x: number, y: number, size: number, options: { bold?: boolean; color?: string; align?: 'left' | 'right'; boxWidth?: number } = {}) => {
    doc.fillColor(options.color ?? INK);
    drawText(doc, text, x, y, { size, weight: options.bold ? 'bold' : 'regular', width: options.boxWidth, align: options.align });
  };

  // Header: brand and title.
  write(labels.brand, left, 36, 20, { bold: true, color: BRAND });
  write(labels.title, left, 40, 14, { bold: true, align: 'right', boxWidth: width, color: MUTED });
  doc.moveTo(left, 70).lineTo(left + width, 70).strokeColor(RULE).lineWidth(1).stroke();

  // The amount, and which way it went.
  const direction = receiptDirection(receipt);
  write(labels.direction[direction], left, 84, 11, { color: MUTED });
  write(`${direction === 'out' ? '−' : '+'}${formatMoney(receipt.amount, language)}`, left, 100, 26, { bold: true, color: direction === 'out' ? INK : BRAND });

  // Details, one row each.
  const counterparty = counterpartyName(receipt.counterparty.name, receipt.type, language);
  const party = receipt.counterparty.phone ? `${counterparty} · ${localDigits(formatPhoneLocal(receipt.counterparty.phone), language)}` : counterparty;
  const rows: Array<[string, string]> = [
    [labels.date, formatInstant(receipt.createdAt, language)],
    [labels.kind, labels.type[receipt.type]],
    [receipt.direction === 'out' ? labels.to : labels.from, party],
    ...(receipt.reference ? ([[labels.reference, localDigits(receipt.reference, language)]] as Array<[string, string]>) : []),
    [labels.wallet, `${receipt.holder.name} · ${localDigits(formatPhoneLocal(receipt.holder.phone), language)}`],
    [labels.balanceAfter, formatMoney(receipt.balanceAfter, language)],
    [labels.transaction, receipt.transferId],
  ];
  let y = 150;
  for (const [term, value] of rows) {
    write(term, left, y, 9.5, { color: MUTED });
    write(value, left + 110, y, 9.5, { bold: true, align: 'right', boxWidth: width - 110 });
    doc.moveTo(left, y + 19).lineTo(left + width, y + 19).strokeColor(RULE).lineWidth(0.5).stroke();
    y += 26;
  }

  // Verification: QR code, the code, the address.
  y += 14;
  const qrSize = 104;
  doc.image(qr, left, y, { width: qrSize, height: qrSize });
  const textLeft = left + qrSize + 16;
  const textWidth = width - qrSize - 16;
  write(labels.verifyTitle, textLeft, y, 11, { bold: true });
  doc.font(`${language === 'bn' ? 'bengali' : 'latin'}-regular`).fontSize(8.5).fillColor(MUTED);
  // The explanation wraps, so it is one text call in the language's file (the Bangla text has no Latin letters).
  doc.text(labels.verifyBody, textLeft, y + 17, { width: textWidth, lineGap: 1 });
  write(`${labels.code}: ${seal.displayCode}`, textLeft, y + 62, 13, { bold: true, color: BRAND });
  write(seal.verifyUrl, textLeft, y + 84, 7.5, { color: MUTED });

  // Footer: when issued, and the transfer's hash in the ledger (its wallets' hash chains cover it).
  const footer = doc.page.height - doc.page.margins.bottom - 22;
  doc.moveTo(left, footer - 8).lineTo(left + width, footer - 8).strokeColor(RULE).lineWidth(0.5).stroke();
  write(`${labels.issued}: ${formatInstant(seal.issuedAt, language)}`, left, footer, 7.5, { color: MUTED });
  write(`${labels.ledgerHash}: ${receipt.chainHash ?? '—'}`, left, footer + 11, 6.5, { color: MUTED });

  doc.end();
  return finished;
}
