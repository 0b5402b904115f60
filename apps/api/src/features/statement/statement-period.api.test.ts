import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from '../../core/ledger/ledger.js';
import { bearer, signUp, type SignedUp } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let aliceWallet: string;
let aliceToken: string;
let bobToken: string;
/** STATEMENT_PDF_DIR keeps the PDFs to look at (pdftoppm -png); otherwise they go with the test. */
const keptPdfDir = process.env.STATEMENT_PDF_DIR;
const pdfDir = keptPdfDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-statement-pdf-'));

/** Instants in Dhaka (UTC+6): a day starts at 18:00 UTC the evening before. */
const at = (dhakaLocal: string) => Date.parse(`${dhakaLocal}+06:00`);
const setClock = (instant: number) => t.clock.advance(instant - t.clock());

const wallets = new Map<SignedUp, string>();
async function walletOf(user: SignedUp): Promise<string> {
  if (!wallets.has(user)) wallets.set(user, (await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', user.user.id).executeTakeFirstOrThrow()).id);
  return wallets.get(user)!;
}

/** A transfer between wallets as Send Money makes it: moveMoney at a chosen instant. */
async function transfer(from: SignedUp, to: SignedUp, amountCents: number, reference: string, nowMs: number) {
  const [debit, credit] = [await walletOf(from), await walletOf(to)];
  await t.db.kysely
    .transaction()
    .execute((trx) => moveMoney(trx, { kind: 'transfer', debit: { id: debit, kind: 'wallet' }, credit: { id: credit, kind: 'wallet' }, amountCents, reference, initiatedBy: from.user.id, nowMs }));
}

async function deposit(kind: 'bank_deposit' | 'card_deposit' | 'paypal_deposit', walletId: string, amountCents: number, nowMs: number) {
  const source = { bank_deposit: SYSTEM_ACCOUNTS.bankSettlement, card_deposit: SYSTEM_ACCOUNTS.cardSettlement, paypal_deposit: SYSTEM_ACCOUNTS.paypalSettlement }[kind];
  await t.db.kysely
    .transaction()
    .execute((trx) => moveMoney(trx, { kind, debit: systemAccount(source), credit: { id: walletId, kind: 'wallet' }, amountCents, counterparty: 'BRAC Bank •••• 0001', reference: kind, nowMs }));
}

async function logIn(user: SignedUp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

/** The journal's own answer, summed here from the postings with no code of the feature. */
async function journal(walletId: string, start: number, end: number) {
  const sumWhere = async (from: number | null, to: number) => {
    const row = await t.db.kysely
      .selectFrom('postings')
      .select([sql<string | number>`coalesce(sum(amount), 0)`.as('total'), (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('account_id', '=', walletId)
      .$if(from !== null, (query) => query.where('created_at', '>=', new Date(from!).toISOString()))
      .where('created_at', '<', new Date(to).toISOString())
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), count: Number(row.count) };
  };
  const inRange = await sumWhere(start, end);
  return { opening: (await sumWhere(null, start)).total, closing: (await sumWhere(null, end)).total, net: inRange.total, count: inRange.count };
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp({ env: { EMAIL_VERIFICATION: 'off' } });
  setClock(at('2026-09-20T10:00:00'));
  alice = await signUp(t.app, { name: 'Alice Akter' });
  bob = await signUp(t.app, { name: 'বব রহমান' });
  aliceWallet = await walletOf(alice);

  // On both sides of each Dhaka midnight that bounds November.
  await transfer(alice, bob, 1_000, 'last of October', at('2026-10-31T23:59:59.999'));
  await transfer(bob, alice, 333, 'first of November', at('2026-11-01T00:00:00.000'));
  await deposit('bank_deposit', aliceWallet, 50_000, at('2026-11-10T12:00:00'));
  await deposit('card_deposit', aliceWallet, 2_001, at('2026-11-15T12:00:00'));
  await deposit('paypal_deposit', aliceWallet, 200, at('2026-11-16T12:00:00'));
  await transfer(alice, bob, 777, 'last of November', at('2026-11-30T23:59:59.999'));
  await transfer(bob, alice, 101, 'first of December', at('2026-12-01T00:00:00.000'));

  setClock(at('2026-12-05T10:00:00'));
  aliceToken = await logIn(alice);
  bobToken = await logIn(bob);
});
afterAll(async () => {
  await t.close();
  if (!keptPdfDir) fs.rmSync(pdfDir, { recursive: true, force: true });
});

describe(`GET /api/v1/statement/summary (${testDatabase})`, () => {
  it('explains November to the cent: opening + every line = closing, as the journal sums it', async () => {
    const response = await get(aliceToken, '/api/v1/statement/summary?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    const expected = await journal(aliceWallet, at('2026-11-01T00:00:00'), at('2026-12-01T00:00:00'));

    expect(summary.opening.amount).toBe(expected.opening);
    expect(summary.closing.amount).toBe(expected.closing);
    expect(summary.entryCount).toBe(expected.count);
    expect(summary.entryCount).toBe(5);
    const lineSum = summary.lines.reduce((sum: number, line: { amount: { amount: number } }) => sum + line.amount.amount, 0);
    expect(summary.opening.amount + lineSum).toBe(summary.closing.amount);
    expect(summary.moneyIn.amount - summary.moneyOut.amount).toBe(expected.net);
    expect(summary.moneyIn.amount).toBe(333 + 50_000 + 2_001 + 200);
    expect(summary.moneyOut.amount).toBe(777);
    expect(summary.lines).toEqual([
      { kind: 'received', amount: { amount: 333, currency: 'USD' }, count: 1 },
      { kind: 'bank_deposit', amount: { amount: 50_000, currency: 'USD' }, count: 1 },
      { kind: 'card_deposit', amount: { amount: 2_001, currency: 'USD' }, count: 1 },
      { kind: 'paypal_deposit', amount: { amount: 200, currency: 'USD' }, count: 1 },
      { kind: 'sent', amount: { amount: -777, currency: 'USD' }, count: 1 },
    ]);
  });

  it('puts an entry at 23:59:59.999 in its day and one at 00:00 in the next', async () => {
    const october31 = (await get(aliceToken, '/api/v1/statement/summary?from=2026-10-31&to=2026-10-31')).json();
    expect(october31.lines).toEqual([{ kind: 'sent', amount: { amount: -1_000, currency: 'USD' }, count: 1 }]);
    const december1 = (await get(aliceToken, '/api/v1/statement/summary?from=2026-12-01&to=2026-12-01')).json();
    expect(december1.lines).toEqual([{ kind: 'received', amount: { amount: 101, currency: 'USD' }, count: 1 }]);
    expect(december1.opening.amount).toBe((await journal(aliceWallet, at('2026-12-01T00:00:00'), at('2026-12-02T00:00:00'))).opening);
  });

  it('counts the welcome bonus and the whole history from the first day', async () => {
    const all = (await get(aliceToken, '/api/v1/statement/summary?from=2026-01-01&to=2026-12-31')).json();
    const balance = (await t.db.kysely.selectFrom('accounts').select('balance').where('id', '=', aliceWallet).executeTakeFirstOrThrow()).balance;
    expect(all.opening.amount).toBe(0);
    expect(all.closing.amount).toBe(Number(balance));
    expect(all.lines.find((line: { kind: string }) => line.kind === 'welcome_bonus')).toMatchObject({ count: 1 });
  });

  it('is each user’s own', async () => {
    const bobs = (await get(bobToken, '/api/v1/statement/summary?from=2026-11-01&to=2026-11-30')).json();
    expect(bobs.lines).toEqual([
      { kind: 'received', amount: { amount: 777, currency: 'USD' }, count: 1 },
      { kind: 'sent', amount: { amount: -333, currency: 'USD' }, count: 1 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/statement/summary?from=2026-11-01&to=2026-11-30' })).statusCode).toBe(401);
  });

  it.each(['from=2026-11-30&to=2026-11-01', 'from=2026-11-01', 'to=2026-11-01', 'from=2026-13-01&to=2026-13-02', 'from=1999-12-31&to=2026-01-01', 'from=yesterday&to=today'])(
    'refuses ?%s with 400',
    async (query) => {
      const response = await get(aliceToken, `/api/v1/statement/summary?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    },
  );
});

function pdfText(body: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(pdfDir, `${name}.pdf`);
  fs.writeFileSync(file, body);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

describe(`GET /api/v1/statement.pdf (${testDatabase})`, () => {
  it('writes the holder, the balances, every entry and the page numbers in English', async () => {
    const response = await get(aliceToken, '/api/v1/statement.pdf?from=2026-11-01&to=2026-11-30&lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="poisha-statement-2026-11-01-to-2026-11-30.pdf"');
    const expected = await journal(aliceWallet, at('2026-11-01T00:00:00'), at('2026-12-01T00:00:00'));
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    const { text, pages } = pdfText(response.rawPayload, 'november-en');
    expect(pages).toBe(1);
    expect(text).toContain('Alice Akter');
    expect(text).toContain(alice.phone.replace('+880', '0').replace(/^(\d{5})/, '$1-'));
    expect(text).toMatch(new RegExp(`Opening balance[\\s\\S]*${dollars(expected.opening).replace('$', '\\$')}`));
    expect(text).toContain(dollars(expected.closing));
    expect(text).toContain('5 transactions');
    for (const reference of ['first of November', 'bank_deposit', 'card_deposit', 'paypal_deposit', 'last of November']) expect(text).toContain(reference);
    expect(text).not.toContain('last of October');
    expect(text).not.toContain('first of December');
    expect(text).toContain('+$500.00');
    expect(text).toContain('-$7.77');
    expect(text).toContain('Page 1 of 1');
  });

  it('carries a code and QR address that /verify confirms against the journal, file and all', async () => {
    const response = await get(aliceToken, '/api/v1/statement.pdf?from=2026-11-01&to=2026-11-30&lang=en');
    const { text } = pdfText(response.rawPayload, 'november-sealed-en');
    const code = /Code ([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(text).toContain(`/verify?code=${code}`);
    const expected = await journal(aliceWallet, at('2026-11-01T00:00:00'), at('2026-12-01T00:00:00'));
    const fileSha256 = createHash('sha256').update(response.rawPayload).digest('hex');
    const verify = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: body });

    // The digest is stored once the last byte is out: the answer may come a moment before it.
    await expect.poll(async () => (await verify({ code, fileSha256 })).json().file).toBe('matches');
    const verified = (await verify({ code, fileSha256 })).json();
    expect(verified).toMatchObject({ status: 'genuine', kind: 'statement' });
    expect(verified.summary).toMatchObject({
      openingBalance: { amount: expected.opening },
      closingBalance: { amount: expected.closing },
      entries: 5,
    });
    const altered = Buffer.from(response.rawPayload);
    altered.writeUInt8(altered.readUInt8(altered.length - 10) ^ 1, altered.length - 10);
    expect((await verify({ code, fileSha256: createHash('sha256').update(altered).digest('hex') })).json().file).toBe('differs');
  });

  it('writes Bangla with Bengali glyphs and Bangla digits', async () => {
    const response = await get(aliceToken, '/api/v1/statement.pdf?from=2026-11-01&to=2026-11-30&lang=bn');
    expect(response.statusCode).toBe(200);
    const { text } = pdfText(response.rawPayload, 'november-bn');
    expect(text).toContain('Alice Akter');
    // "৫টি লেনদেন": pdftotext reads a vowel sign drawn before its consonant (ি) in drawing order.
    expect(text).toMatch(/৫(টি|িট) /);
    expect(text).toContain('পাতা ১ / ১');
    const fonts = execFileSync('pdffonts', [path.join(pdfDir, 'november-bn.pdf')], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansBengali/);
  });

  it('numbers every page of a long statement ("Page n of N")', async () => {
    // 120 more entries on 2 December: five pages.
    const base = at('2026-12-02T08:00:00');
    for (let index = 0; index < 120; index += 1) await transfer(bob, alice, 1, `bulk ${index}`, base + index * 1_000);
    const response = await get(aliceToken, '/api/v1/statement.pdf?from=2026-12-02&to=2026-12-02&lang=en');
    const { text, pages } = pdfText(response.rawPayload, 'bulk-en');
    expect(pages).toBeGreaterThan(3);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    const rows = text.split('\n').filter((line) => /bulk \d+/.test(line));
    expect(rows).toHaveLength(120);
    expect(text).toContain('120 transactions');
  });

  it('says so when the period has no entries', async () => {
    const response = await get(aliceToken, '/api/v1/statement.pdf?from=2026-08-01&to=2026-08-31');
    const { text, pages } = pdfText(response.rawPayload, 'empty-en');
    expect(pages).toBe(1);
    expect(text).toContain('No transactions in this period.');
    expect(text).toContain('0 transactions');
  });

  it('refuses a bad period or language with 400 and strangers with 401', async () => {
    for (const query of ['from=2026-11-30&to=2026-11-01', 'from=2026-11-01&to=2026-11-30&lang=fr', 'to=2026-11-30']) {
      const response = await get(aliceToken, `/api/v1/statement.pdf?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/statement.pdf?from=2026-11-01&to=2026-11-30' })).statusCode).toBe(401);
  });
});
