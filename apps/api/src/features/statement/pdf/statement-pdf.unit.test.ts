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

describe('a Bangla statement is Bangla throughout (issue 24, defect 16)', () => {
  it('writes times of day, the welcome bonus, references and bank numbers in Bangla', async () => {
    const bonus: StatementEntry = {
      ...entry(0, 100_000, 100_000),
      type: 'welcome_bonus',
      direction: 'in',
      counterparty: { name: 'Poisha welcome bonus', phone: null },
      reference: null,
      createdAt: '2026-11-01T04:30:00Z', // 10:30 in the morning in Dhaka
    };
    const deposit: StatementEntry = {
      ...entry(1, 50_000, 150_000),
      type: 'bank_deposit',
      direction: 'in',
      counterparty: { name: 'BRAC Bank •••• 5678', phone: null },
      reference: 'INV-2024',
      createdAt: '2026-11-01T14:05:00Z', // 20:05, night in Dhaka
    };
    const text = await render('bangla-throughout', { ...base, language: 'bn', summary: { ...base.summary, opening: 0, closing: 150_000, moneyIn: 150_000, moneyOut: 0 } }, [bonus, deposit]);
    expect(text).not.toMatch(/\b(AM|PM)\b/);
    expect(text).not.toContain('Poisha');
    // pdftotext reads a vowel sign drawn before its consonant (ো as ে…া) in drawing order: "স্বাগত" is enough.
    expect(text).toMatch(/পয়সা স্বাগত/);
    expect(text).toContain('INV-২০২৪');
    expect(text).not.toContain('2024');
    expect(text).toContain('৫৬৭৮');
    expect(text).toMatch(/সকাল ১০:৩০/);
    expect(text).toMatch(/রা\S* ৮:০৫/);
  });

  it('keeps English times and names in an English statement', async () => {
    const text = await render('english-times', { ...base, language: 'en' }, [{ ...entry(0, -500, 9_500), createdAt: '2026-11-01T04:30:00Z', reference: 'INV-2024' }]);
    expect(text).toContain('10:30 AM');
    expect(text).toContain('INV-2024');
  });
});
