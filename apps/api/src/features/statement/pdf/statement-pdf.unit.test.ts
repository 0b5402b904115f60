import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StatementEntry } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { renderStatementPdf, type StatementDocument } from './statement-pdf.js';

const entry = (index: number, amount: number, balance: number): StatementEntry => ({
  id: String(index),
  transferId: `t-${index}`,
  type: 'transfer',
  direction: amount > 0 ? 'in' : 'out',
  amount: { amount, currency: 'USD' },
  counterparty: { name: index % 2 ? 'রহিম উদ্দিন' : 'A very long counterparty name that cannot possibly fit in its column', phone: '+8801712345678' },
  reference: index % 2 ? 'Rent' : 'x'.repeat(80),
  createdAt: new Date(Date.parse('2026-11-01T00:00:00+06:00') + index * 3_600_000).toISOString(),
  balanceAfter: { amount: balance, currency: 'USD' },
});

async function* batches(entries: StatementEntry[]) {
  yield entries;
}

async function render(name: string, statement: Omit<StatementDocument, 'entries'>, entries: StatementEntry[]): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderStatementPdf({ ...statement, entries: batches(entries) })) chunks.push(chunk as Buffer);
  const file = path.join(process.env.STATEMENT_PDF_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-pdf-unit-')), `${name}.pdf`);
  fs.writeFileSync(file, Buffer.concat(chunks));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const base = {
  holder: { name: 'Alice Akter', phone: '+8801700000001' },
  walletId: 'wallet-1',
  period: { from: '2026-11-01', to: '2026-11-30' },
  generatedAt: Date.parse('2026-12-01T10:00:00Z'),
  summary: { opening: 10_000, closing: 10_000 - 500 + 250, moneyIn: 250, moneyOut: 500, entryCount: 2 },
  seal: { code: 'K7QX2-9MPLD', verifyUrl: 'https://poisha.example/verify?code=K7QX2-9MPLD' },
};

describe('renderStatementPdf', () => {
  it('prints the seal (short code and address) and shortens what does not fit', async () => {
    const text = await render('sealed-en', { ...base, language: 'en' }, [entry(0, -500, 9_500), entry(1, 250, 9_750)]);
    expect(text).toContain('Code K7QX2-9MPLD');
    expect(text).toContain('https://poisha.example/verify?code=K7QX2-9MPLD');
    expect(text).toContain('A very long counterparty name');
    expect(text).not.toContain('cannot possibly fit in its column');
    expect(text).toContain('…');
    expect(text).toContain('2 transactions');
  });

  it('stops at the counted entries, so a movement committed meanwhile cannot add pages', async () => {
    const text = await render('counted-en', { ...base, language: 'en', seal: null, summary: { ...base.summary, entryCount: 1 } }, [entry(0, -500, 9_500), entry(1, 250, 9_750)]);
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Rent');
    expect(text).toContain('1 transaction\n');
  });
});
