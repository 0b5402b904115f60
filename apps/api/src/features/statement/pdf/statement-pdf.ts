import type { StatementEntry, StatementLanguage } from '@poisha/contracts';
import { setImmediate } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { planPages, type PagePlan } from './page-plan.js';
import { drawText, PDF_TEXT_OPTIONS, registerFonts } from '../../../core/pdf/pdf-text.js';
import { statementFormat, type StatementFormat } from './statement-labels.js';

/** What a verification service gave the statement: printed as a QR code and a short code. */
export interface StatementSeal {
  code: string;
  verifyUrl: string;
}

export interface StatementDocument {
  language: StatementLanguage;
  holder: { name: string; phone: string };
  walletId: string;
  /** The period as the user chose it: Asia/Dhaka dates, both included. */
  period: { from: string; to: string };
  generatedAt: number;
  summary: { opening: number; closing: number; moneyIn: number; moneyOut: number; entryCount: number };
  /** The entries oldest first, in batches (read from the ledger while the PDF streams out). */
  entries: AsyncIterable<StatementEntry[]>;
  seal: StatementSeal | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const ROW_HEIGHT = 24;
const ROWS_BOTTOM = 800;
const FOOTER_Y = PAGE.height - 28;
const FIRST_TABLE_Y = 240;
const LATER_TABLE_Y = 58;
const HEADER_HEIGHT = 18;
const CLOSING_ROWS = 3;

const COLOR = { text: '#0f172a', muted: '#475569', rule: '#e2e8f0', band: '#f1f5f9', brand: '#047857' };

/** Column left edges and widths; they add up to the content width. */
const COLUMNS = {
  date: { x: PAGE.margin, width: 84 },
  details: { x: PAGE.margin + 88, width: 160 },
  reference: { x: PAGE.margin + 252, width: 100 },
  amount: { x: PAGE.margin + 356, width: 76 },
  balance: { x: PAGE.margin + 436, width: CONTENT_WIDTH - 436 },
};

export const STATEMENT_GEOMETRY = {
  firstPageRows: Math.floor((ROWS_BOTTOM - FIRST_TABLE_Y - HEADER_HEIGHT) / ROW_HEIGHT),
  laterPageRows: Math.floor((ROWS_BOTTOM - LATER_TABLE_Y - HEADER_HEIGHT) / ROW_HEIGHT),
  closingRows: CLOSING_ROWS,
};

/** Above this much unread output the renderer waits for the reader: memory stays bounded. */
const MAX_UNREAD_BYTES = 1 << 20;

type Doc = PDFKit.PDFDocument;

/**
 * Starts rendering and returns the PDF as a stream at once. Pages are written as they are
 * finished, entries are read a batch at a time, and the renderer pauses while the reader is more
 * than a megabyte behind, so a year of a busy wallet never sits in memory.
 */
export function renderStatementPdf(statement: StatementDocument): Doc {
  const format = statementFormat(statement.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    ...PDF_TEXT_OPTIONS,
    info: { Title: `${format.words.brand} — ${format.words.title} ${statement.period.from} – ${statement.period.to}`, Author: format.words.brand },
  });
  registerFonts(doc);
  const plan = planPages(statement.summary.entryCount, STATEMENT_GEOMETRY);
  void writeStatement(doc, statement, format, plan).then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

async function writeStatement(doc: Doc, statement: StatementDocument, format: StatementFormat, plan: PagePlan): Promise<void> {
  const qr = statement.seal ? QRCode.create(statement.seal.verifyUrl, { errorCorrectionLevel: 'M' }) : null;
  let pageIndex = 0;
  let rowOnPage = 0;
  let y = startPage(doc, statement, format, plan, pageIndex, qr);

  const nextRow = async () => {
    while (rowOnPage >= (plan.rowsPerPage[pageIndex] ?? 0)) {
      pageIndex += 1;
      rowOnPage = 0;
      y = startPage(doc, statement, format, plan, pageIndex, qr);
      await readerCaughtUp(doc);
    }
  };

  // The plan counted the entries before they were read: a movement committed in between is left
  // for the next statement rather than running past the planned pages.
  let left = statement.summary.entryCount;
  reading: for await (const batch of statement.entries) {
    for (const entry of batch) {
      if (left === 0) break reading;
      left -= 1;
      await nextRow();
      drawEntry(doc, format, entry, y);
      y += ROW_HEIGHT;
      rowOnPage += 1;
    }
  }
  if (statement.summary.entryCount === 0) {
    drawText(doc.fillColor(COLOR.muted), format.words.noEntries, PAGE.margin, y + 8, { size: 9, width: CONTENT_WIDTH });
    y += ROW_HEIGHT;
  }
  if (pageIndex < plan.pageCount - 1) {
    pageIndex = plan.pageCount - 1;
    y = startPage(doc, statement, format, plan, pageIndex, qr);
  }
  drawClosing(doc, format, statement.summary, y);
}

/**
 * Between pages: lets the event loop send what is written (SQLite answers synchronously, so
 * without this nothing would leave before the end), then waits while the reader is far behind.
 */
async function readerCaughtUp(doc: Doc): Promise<void> {
  await setImmediate();
  if (doc.readableLength <= MAX_UNREAD_BYTES || doc.destroyed) return;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (doc.readableLength <= MAX_UNREAD_BYTES || doc.destroyed) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
}

/** Adds a page with its header, table head and "Page n of N"; returns where the first row goes. */
function startPage(doc: Doc, statement: StatementDocument, format: StatementFormat, plan: PagePlan, pageIndex: number, qr: QRCode.QRCode | null): number {
  doc.addPage({ size: 'A4', margin: 0 });
  const { words } = format;
  let tableY = LATER_TABLE_Y;
  if (pageIndex === 0) {
    drawFirstPageHeader(doc, statement, format, qr);
    tableY = FIRST_TABLE_Y;
  } else {
    const running = `${words.brand} · ${words.title} · ${statement.holder.name} · ${format.date(`${statement.period.from}T00:00:00+06:00`)} – ${format.date(`${statement.period.to}T00:00:00+06:00`)}`;
    drawText(doc.fillColor(COLOR.muted), running, PAGE.margin, 36, { size: 8, width: CONTENT_WIDTH });
  }
  drawTableHead(doc, format, tableY);
  doc.fillColor(COLOR.muted);
  drawText(doc, words.timeZone, PAGE.margin, FOOTER_Y, { size: 7.5, width: CONTENT_WIDTH / 2 });
  drawText(doc, words.page(format.integer(pageIndex + 1), format.integer(plan.pageCount)), PAGE.margin + CONTENT_WIDTH / 2, FOOTER_Y, {
    size: 7.5,
    width: CONTENT_WIDTH / 2,
    align: 'right',
  });
  return tableY + HEADER_HEIGHT;
}

function drawFirstPageHeader(doc: Doc, statement: StatementDocument, format: StatementFormat, qr: QRCode.QRCode | null): void {
  const { words } = format;
  drawText(doc.fillColor(COLOR.brand), words.brand, PAGE.margin, 36, { size: 20, weight: 'bold', width: 300 });
  drawText(doc.fillColor(COLOR.text), words.title, PAGE.margin, 66, { size: 12, weight: 'bold', width: 300 });

  const periodText = `${format.date(`${statement.period.from}T00:00:00+06:00`)} – ${format.date(`${statement.period.to}T00:00:00+06:00`)}`;
  const details: Array<[string, string]> = [
    [words.name, statement.holder.name],
    [words.walletNumber, format.phone(statement.holder.phone)],
    [words.walletId, statement.walletId],
    [words.period, periodText],
    [words.generated, format.dateTime(statement.generatedAt)],
  ];
  details.forEach(([label, value], index) => {
    const lineY = 92 + index * 14;
    drawText(doc.fillColor(COLOR.muted), label, PAGE.margin, lineY, { size: 8.5, width: 86 });
    drawText(doc.fillColor(COLOR.text), value, PAGE.margin + 90, lineY, { size: 8.5, weight: 'bold', width: 270 });
  });

  if (qr && statement.seal) drawSeal(doc, format, statement.seal, qr);

  const boxY = 172;
  const cellWidth = CONTENT_WIDTH / 4;
  doc.roundedRect(PAGE.margin, boxY, CONTENT_WIDTH, 46, 6).fill(COLOR.band);
  const cells: Array<[string, string]> = [
    [words.opening, format.money(statement.summary.opening)],
    [words.moneyIn, format.money(statement.summary.moneyIn)],
    [words.moneyOut, format.money(statement.summary.moneyOut)],
    [words.closing, format.money(statement.summary.closing)],
  ];
  cells.forEach(([label, value], index) => {
    const cellX = PAGE.margin + index * cellWidth + 10;
    drawText(doc.fillColor(COLOR.muted), label, cellX, boxY + 8, { size: 8, width: cellWidth - 16 });
    drawText(doc.fillColor(COLOR.text), value, cellX, boxY + 22, { size: 11, weight: 'bold', width: cellWidth - 16 });
  });
  drawText(doc.fillColor(COLOR.muted), words.entries(statement.summary.entryCount, format.integer(statement.summary.entryCount)), PAGE.margin, boxY + 52, { size: 8.5, width: 300 });
}

/** The QR code (drawn as vector squares) and the short code, top right of the first page. */
function drawSeal(doc: Doc, format: StatementFormat, seal: StatementSeal, qr: QRCode.QRCode): void {
  const size = 84;
  const modules = qr.modules.size;
  const cell = size / modules;
  const left = PAGE.width - PAGE.margin - size;
  const top = 32;
  for (let row = 0; row < modules; row += 1) {
    for (let column = 0; column < modules; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(left + column * cell, top + row * cell, cell, cell);
    }
  }
  doc.fill(COLOR.text);
  const textLeft = PAGE.width - PAGE.margin - 170;
  drawText(doc.fillColor(COLOR.muted), format.words.verify, textLeft, top + size + 4, { size: 7.5, width: 170, align: 'right' });
  drawText(doc.fillColor(COLOR.text), format.words.verifyCode(seal.code), textLeft, top + size + 15, { size: 9, weight: 'bold', width: 170, align: 'right' });
  drawText(doc.fillColor(COLOR.muted), seal.verifyUrl, textLeft, top + size + 28, { size: 7, width: 170, align: 'right' });
}

function drawTableHead(doc: Doc, format: StatementFormat, y: number): void {
  const { columns } = format.words;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLOR.band);
  doc.fillColor(COLOR.muted);
  const textY = y + 4;
  drawText(doc, columns.date, COLUMNS.date.x + 4, textY, { size: 8, weight: 'bold', width: COLUMNS.date.width - 4 });
  drawText(doc, columns.details, COLUMNS.details.x, textY, { size: 8, weight: 'bold', width: COLUMNS.details.width });
  drawText(doc, columns.reference, COLUMNS.reference.x, textY, { size: 8, weight: 'bold', width: COLUMNS.reference.width });
  drawText(doc, columns.amount, COLUMNS.amount.x, textY, { size: 8, weight: 'bold', width: COLUMNS.amount.width, align: 'right' });
  drawText(doc, columns.balance, COLUMNS.balance.x, textY, { size: 8, weight: 'bold', width: COLUMNS.balance.width - 4, align: 'right' });
}

function drawEntry(doc: Doc, format: StatementFormat, entry: StatementEntry, y: number): void {
  const { words } = format;
  const top = y + 4;
  const second = y + 14;
  doc.fillColor(COLOR.text);
  drawText(doc, format.date(entry.createdAt), COLUMNS.date.x + 4, top, { size: 8.5, width: COLUMNS.date.width - 4 });
  drawText(doc, format.counterparty(entry.counterparty.name, entry.type), COLUMNS.details.x, top, { size: 8.5, width: COLUMNS.details.width });
  drawText(doc, entry.reference ? format.digits(entry.reference) : words.noReference, COLUMNS.reference.x, top, { size: 8.5, width: COLUMNS.reference.width });
  drawText(doc, format.signedMoney(entry.amount.amount), COLUMNS.amount.x, top, { size: 8.5, weight: 'bold', width: COLUMNS.amount.width, align: 'right' });
  drawText(doc, format.money(entry.balanceAfter.amount), COLUMNS.balance.x, top, { size: 8.5, width: COLUMNS.balance.width - 4, align: 'right' });
  doc.fillColor(COLOR.muted);
  drawText(doc, format.time(entry.createdAt), COLUMNS.date.x + 4, second, { size: 7, width: COLUMNS.date.width - 4 });
  const kind = words.types[entry.type];
  drawText(doc, entry.counterparty.phone ? `${kind} · ${format.phone(entry.counterparty.phone)}` : kind, COLUMNS.details.x, second, {
    size: 7,
    width: COLUMNS.details.width,
  });
  doc
    .moveTo(PAGE.margin, y + ROW_HEIGHT)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y + ROW_HEIGHT)
    .lineWidth(0.5)
    .stroke(COLOR.rule);
}

function drawClosing(doc: Doc, format: StatementFormat, summary: StatementDocument['summary'], y: number): void {
  const { words } = format;
  const top = y + 10;
  const labelWidth = 140;
  const valueX = PAGE.margin + CONTENT_WIDTH - 160;
  const lines: Array<[string, string, 'regular' | 'bold']> = [
    [words.moneyIn, format.money(summary.moneyIn), 'regular'],
    [words.moneyOut, format.money(summary.moneyOut), 'regular'],
    [words.closing, format.money(summary.closing), 'bold'],
  ];
  lines.forEach(([label, value, weight], index) => {
    const lineY = top + index * 16;
    drawText(doc.fillColor(COLOR.muted), label, valueX - labelWidth, lineY, { size: 9, weight, width: labelWidth });
    drawText(doc.fillColor(COLOR.text), value, valueX, lineY, { size: 9, weight, width: 160 - 4, align: 'right' });
  });
}
