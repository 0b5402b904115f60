import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueVerifiableDocument, recordDocumentFile } from '../../core/documents/documents.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { isoAt } from '../../core/clock.js';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { asIntruder } from '../../test/intruder.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let anika: SignedUp;
let bashir: SignedUp;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
beforeAll(async () => {
  t = await createTestApp();
  anika = await signUp(t.app, { name: 'Anika Rahman' });
  bashir = await signUp(t.app, { name: 'Bashir Khan' });
});
afterAll(() => t.close());

async function send(from: SignedUp, to: SignedUp, amount: number) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '4711' } });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function issue(user: SignedUp, subject: Parameters<typeof issueVerifiableDocument>[1]['subject']) {
  const wallet = await walletOf(t.db.kysely, user.user.id);
  return issueVerifiableDocument(t.db.kysely, { userId: user.user.id, accountId: wallet.id, subject, nowMs: t.clock(), publicUrl: t.config.PUBLIC_URL });
}

const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/verify', payload, remoteAddress: '203.0.113.9' });

describe(`verifying a document by its code (${testDatabase})`, () => {
  it('confirms a genuine receipt, typed in lower case, showing only its kind, date, amount and a masked name', async () => {
    const transferId = await send(anika, bashir, 12_345);
    const receipt = await issue(anika, { kind: 'receipt', transferId });
    expect(receipt.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(receipt.verifyUrl).toBe(`${t.config.PUBLIC_URL}/verify?code=${receipt.displayCode}`);

    const response = await verify({ code: receipt.displayCode.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'genuine',
      kind: 'receipt',
      issuedAt: isoAt(t.clock()),
      holder: 'A**** R*****',
      summary: { kind: 'receipt', date: expect.any(String), transferKind: 'transfer', direction: 'out', amount: { amount: 12_345, currency: 'USD' } },
      file: 'not_checked',
    });
    // Nothing the holder of the code did not have: not the other party, not the reference, not a balance.
    for (const secret of ['Bashir', bashir.phone, '4711', anika.phone, 'balance']) expect(response.body).not.toContain(secret);
  });

  it('reports a receipt whose transfer was changed by hand as altered, and shows nothing of it', async () => {
    const transferId = await send(anika, bashir, 500);
    const receipt = await issue(bashir, { kind: 'receipt', transferId });
    expect((await verify({ code: receipt.code })).json().status).toBe('genuine');

    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: 50_000 }).where('id', '=', transferId).execute());
    const altered = (await verify({ code: receipt.code })).json();
    expect(altered).toMatchObject({ status: 'altered', kind: 'receipt', summary: null });

    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: 500 }).where('id', '=', transferId).execute());
    expect((await verify({ code: receipt.code })).json().status).toBe('genuine');
  });

  it("reports a receipt as altered when the transfer's hash was recomputed to match a changed row", async () => {
    const transferId = await send(anika, bashir, 700);
    const receipt = await issue(anika, { kind: 'receipt', transferId });
    const row = await t.db.kysely.selectFrom('transfers').select('hash').where('id', '=', transferId).executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ hash: 'f'.repeat(64) } as never).where('id', '=', transferId).execute());
    expect((await verify({ code: receipt.code })).json().status).toBe('altered');
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ hash: row.hash } as never).where('id', '=', transferId).execute());
    expect((await verify({ code: receipt.code })).json().status).toBe('genuine');
  });

  it('confirms a statement with its totals until an entry appears in its period', async () => {
    const from = isoAt(t.clock() - HOUR);
    const to = isoAt(t.clock() + 5 * MINUTE);
    const statement = await issue(bashir, { kind: 'statement', from, to });
    const genuine = (await verify({ code: statement.code })).json();
    expect(genuine).toMatchObject({ status: 'genuine', kind: 'statement', holder: 'B***** K***' });
    expect(genuine.summary).toEqual({
      kind: 'statement',
      from,
      to,
      // The period starts before Bashir signed up: his welcome bonus is its first entry.
      openingBalance: { amount: 0, currency: 'USD' },
      closingBalance: { amount: 100_000 + 12_345 + 500 + 700, currency: 'USD' },
      totalIn: { amount: 100_000 + 12_345 + 500 + 700, currency: 'USD' },
      totalOut: { amount: 0, currency: 'USD' },
      entries: 4,
    });

    // A transfer after the period leaves the statement as it was (sessions idle out after 10 minutes)...
    t.clock.advance(6 * MINUTE);
    await send(bashir, anika, 100);
    expect((await verify({ code: statement.code })).json().status).toBe('genuine');
    // ...one inside it (here: a statement issued before its period ended) does not.
    const open = await issue(bashir, { kind: 'statement', from: isoAt(t.clock() - HOUR), to: isoAt(t.clock() + 5 * MINUTE) });
    expect((await verify({ code: open.code })).json().status).toBe('genuine');
    await send(anika, bashir, 100);
    expect((await verify({ code: open.code })).json()).toMatchObject({ status: 'altered', summary: null });
  });

  it("compares a file's SHA-256 with the one recorded when it was issued", async () => {
    const transferId = await send(anika, bashir, 800);
    const receipt = await issue(anika, { kind: 'receipt', transferId });
    expect((await verify({ code: receipt.code, fileSha256: 'a'.repeat(64) })).json().file).toBe('not_recorded');
    await recordDocumentFile(t.db.kysely, receipt.code, 'b'.repeat(64));
    expect((await verify({ code: receipt.code, fileSha256: 'B'.repeat(64) })).json().file).toBe('matches');
    expect((await verify({ code: receipt.code, fileSha256: 'c'.repeat(64) })).json().file).toBe('differs');
    expect((await verify({ code: receipt.code })).json().file).toBe('not_checked');
  });

  it('answers an unknown code 404 and a malformed one 400, changing nothing', async () => {
    const unknown = await verify({ code: '00000-00000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    for (const payload of [{ code: 'short' }, { code: 'UUUUU-UUUUU' }, { code: 'ABCDE-FGHJK', fileSha256: 'xyz' }, {}]) {
      const response = await verify(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('limits the codes one address may try to 30 a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: { code: '00000-00000' }, remoteAddress: '198.51.100.77' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
