import { errorBodySchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, newUserInput, signUp, type SignedUp } from './test/http-client.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

async function snapshot() {
  const tables = ['users', 'accounts', 'sessions', 'contact_messages', 'reviews', 'bank_accounts', 'deposits', 'transfers', 'postings', 'paypal_orders'] as const;
  return Promise.all(tables.map((table) => t.db.kysely.selectFrom(table).selectAll().execute()));
}

const NUL = '\u0000';
const bankDeposit = { accountHolder: 'Rahim Uddin', accountHolderNumber: '01712345678', bankId: 'x', bankAccountNumber: '123456789012', amount: 50_000, reference: '42' };

/** [what, request, the field the answer names]: every one of them answered 500 on PostgreSQL, or was stored on SQLite. */
const cases: Array<[string, { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; signedIn?: boolean }, string]> = [
  ['a sign-up name', { method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ name: `Rahim${NUL}` }) }, 'name'],
  ['a review text', { method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: `Good${NUL}` }, signedIn: true }, 'text'],
  ['a contact name', { method: 'POST', url: '/api/v1/contact', payload: { name: `A${NUL}`, email: 'a@example.com', message: 'Hello' } }, 'name'],
  ['a contact message', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'a@example.com', message: `Hello${NUL}` } }, 'message'],
  ['a bank deposit field', { method: 'POST', url: '/api/v1/deposits/bank', payload: { ...bankDeposit, accountHolder: `Rahim${NUL}` }, signedIn: true }, 'accountHolder'],
  ['a bank deposit bank id', { method: 'POST', url: '/api/v1/deposits/bank', payload: { ...bankDeposit, bankId: NUL }, signedIn: true }, 'bankId'],
  ['a card deposit token', { method: 'POST', url: '/api/v1/deposits/card', payload: { amount: 100, email: 'a@example.com', phone: '+8801711111111', paymentMethod: `pm${NUL}` }, signedIn: true }, 'paymentMethod'],
  ['a bank-account id to link', { method: 'POST', url: '/api/v1/bank-accounts', payload: { bankId: NUL, accountNumber: '123456789012' }, signedIn: true }, 'bankId'],
  ['another control character (ESC)', { method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: 'Good\u001b[31m' }, signedIn: true }, 'text'],
  ['DEL', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A\u007f', email: 'a@example.com', message: 'Hello' } }, 'name'],
  ['a nested key', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'a@example.com', message: 'Hello', extra: { [`k${NUL}`]: 1 } } }, 'extra.k?'],
  ['a PayPal order id in the path', { method: 'GET', url: '/api/v1/deposits/paypal/orders/%00', signedIn: true }, 'id'],
  ['a PayPal order id to capture', { method: 'POST', url: '/api/v1/deposits/paypal/orders/%00/capture', signedIn: true }, 'id'],
  ['a bank-account id in the path', { method: 'DELETE', url: '/api/v1/bank-accounts/ab%00cd', signedIn: true }, 'id'],
  ['a tab in a path id', { method: 'DELETE', url: '/api/v1/bank-accounts/ab%09cd', signedIn: true }, 'id'],
  ['a query string value', { method: 'GET', url: '/api/v1/reviews?limit=5%00' }, 'limit'],
  ['a query string value on a signed-in list', { method: 'GET', url: '/api/v1/statement?type=all%00', signedIn: true }, 'type'],
  ['a query string key', { method: 'GET', url: '/api/v1/banks?x%0a=1' }, 'x?'],
];

describe('control characters', () => {
  it.each(cases)('in %s are refused with 400 validation_failed, changing nothing', async (_what, { signedIn, ...request }, field) => {
    const before = await snapshot();
    const response = await t.app.inject({ ...request, ...(signedIn ? { headers: moneyHeaders(user.token) } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
    expect(await snapshot()).toEqual(before);
  });

  it('leave line breaks and tabs in a message alone', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'lines@example.com', message: 'Hello,\r\n\tline two' } });
    expect(response.statusCode).toBe(202);
  });

  it('come after authentication: an anonymous request is 401 whatever it carries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/deposits/paypal/orders/%00' });
    expect(response.statusCode).toBe(401);
  });
});
