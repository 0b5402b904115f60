import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let anika: SignedUp;
let bashir: SignedUp;
let chandni: SignedUp;
let transferId: string;
beforeAll(async () => {
  t = await createTestApp();
  anika = await signUp(t.app, { name: 'Anika Rahman' });
  bashir = await signUp(t.app, { name: 'Bashir Khan' });
  chandni = await signUp(t.app, { name: 'Chandni Das' });
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(anika.token), payload: { pin: TEST_PIN, to: bashir.phone, amount: 12_345, reference: '2024' } });
  expect(sent.statusCode).toBe(201);
  transferId = sent.json().id;
});
afterAll(() => t.close());

const get = (user: SignedUp, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe(`receipts (${testDatabase})`, () => {
  it("matches the transfer to the cent, from each side, with the statement's balance after", async () => {
    const sender = (await get(anika, `/api/v1/receipts/${transferId}`)).json();
    expect(sender).toEqual({
      transferId,
      type: 'transfer',
      direction: 'out',
      amount: { amount: 12_345, currency: 'USD' },
      counterparty: { name: 'Bashir Khan', phone: bashir.phone },
      reference: '2024',
      createdAt: expect.any(String),
      balanceAfter: { amount: 100_000 - 12_345, currency: 'USD' },
      holder: { name: 'Anika Rahman', phone: anika.phone },
      chainHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const statement = (await get(anika, '/api/v1/statement?pageSize=5')).json();
    const entry = statement.items.find((item: { transferId: string }) => item.transferId === transferId);
    expect(sender.balanceAfter).toEqual(entry.balanceAfter);
    expect(sender.createdAt).toBe(entry.createdAt);

    const recipient = (await get(bashir, `/api/v1/receipts/${transferId}`)).json();
    expect(recipient).toMatchObject({
      direction: 'in',
      amount: { amount: 12_345, currency: 'USD' },
      counterparty: { name: 'Anika Rahman', phone: anika.phone },
      balanceAfter: { amount: 100_000 + 12_345, currency: 'USD' },
      holder: { name: 'Bashir Khan' },
    });
  });

  it('has one for money added (the welcome bonus), from Poisha', async () => {
    const bonus = (await get(chandni, '/api/v1/statement?pageSize=5')).json().items[0];
    const receipt = (await get(chandni, `/api/v1/receipts/${bonus.transferId}`)).json();
    expect(receipt).toMatchObject({ type: 'welcome_bonus', direction: 'in', amount: { amount: 100_000 }, balanceAfter: { amount: 100_000 } });
  });

  it("answers 404 for another user's transfer and for an unknown id, and issues nothing", async () => {
    for (const url of [`/api/v1/receipts/${transferId}`, `/api/v1/receipts/${transferId}/pdf`, '/api/v1/receipts/nope', '/api/v1/receipts/nope/pdf']) {
      const response = await get(chandni, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const issued = await t.db.kysely.selectFrom('issued_documents').select('code').where('user_id', '=', chandni.user.id).execute();
    expect(issued).toEqual([]);
  });

  it('downloads a PDF in either language whose code and file /verify confirms, and whose altered copy it refuses', async () => {
    for (const lang of ['en', 'bn']) {
      const response = await get(anika, `/api/v1/receipts/${transferId}/pdf?lang=${lang}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const code = /poisha-receipt-([0-9A-Z]{10})\.pdf/.exec(String(response.headers['content-disposition']))![1]!;

      const stored = await t.db.kysely.selectFrom('issued_documents').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ kind: 'receipt', user_id: anika.user.id, transfer_id: transferId, file_digest: sha256(pdf) });

      const genuine = await t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: { code, fileSha256: sha256(pdf) } });
      expect(genuine.json()).toMatchObject({ status: 'genuine', kind: 'receipt', file: 'matches', summary: { amount: { amount: 12_345 } } });

      const altered = Buffer.from(pdf);
      altered.writeUInt8(altered.readUInt8(altered.length - 100) ^ 1, altered.length - 100);
      const refused = await t.app.inject({ method: 'POST', url: '/api/v1/verify', payload: { code, fileSha256: sha256(altered) } });
      expect(refused.json()).toMatchObject({ status: 'genuine', file: 'differs' });
    }
  });

  it('writes a Bangla receipt in Bangla throughout: brand, welcome bonus, time of day, reference digits (issue 24, defect 16)', async () => {
    const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
    const bonus = (await get(chandni, '/api/v1/statement?pageSize=5')).json().items[0];
    const bonusText = pdfText((await get(chandni, `/api/v1/receipts/${bonus.transferId}/pdf?lang=bn`)).rawPayload);
    expect(bonusText.trimStart().startsWith('পয়সা')).toBe(true);
    expect(bonusText).not.toContain('Poisha');
    expect(bonusText).not.toMatch(/welcome/i);
    // pdftotext reads "বোনাস" as "েবানাস" (a vowel sign drawn before its consonant comes first).
    expect(bonusText.match(/েবানাস/g)).toHaveLength(2); // the kind and the sender
    expect(bonusText).not.toMatch(/\b(AM|PM)\b/);
    // The test clock is 09:00 UTC, 15:00 in Dhaka: "দুপুর ৩:০০" (midday), the part of the day first.
    expect(bonusText).toMatch(/দু ?পুর ৩:০০/);

    const sentText = pdfText((await get(anika, `/api/v1/receipts/${transferId}/pdf?lang=bn`)).rawPayload);
    expect(sentText).toContain('২০২৪');
    expect(sentText).not.toMatch(/\b2024\b/);
    const english = pdfText((await get(anika, `/api/v1/receipts/${transferId}/pdf?lang=en`)).rawPayload);
    expect(english).toContain('Poisha');
    expect(english).toMatch(/\b2024\b/);
    expect(english).toMatch(/[0-9]:[0-9]{2} (AM|PM)/);
  });

  it('refuses a language it does not write', async () => {
    const response = await get(anika, `/api/v1/receipts/${transferId}/pdf?lang=fr`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
