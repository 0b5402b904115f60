import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test/test-app-for-file.js';
import { DEMO_USER, seedDemoData } from './demo-data.js';

const t = await testAppForFile();

async function signInAsDemo() {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: DEMO_USER.email, password: DEMO_USER.password } });
  expect(response.statusCode).toBe(200);
  const token = (response.json() as { token: string }).token;
  return (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.json());
}

describe('demo data', () => {
  it('gives the demo user history, favourites and requests both ways, once however often it runs', async () => {
    await seedDemoData(t.db, t.app.services, t.clock());
    await seedDemoData(t.db, t.app.services, t.clock());
    const get = await signInAsDemo();

    // 1,000.00 bonus + 500.00 from the bank + 12.00 from Tanvir − 25.00 to Nusrat − 75.50 to Farhana.
    expect((await get('/api/v1/me')).balance).toEqual({ amount: 141_150, currency: 'USD' });
    // The bank the seed deposit came from is linked, so the deposit form can pick it.
    expect((await get('/api/v1/bank-accounts')).map((account: { bank: { id: string }; accountNumber: string }) => [account.bank.id, account.accountNumber])).toEqual([['brac-bank', '102030405060']]);
    const favourites = await get('/api/v1/favourites');
    expect(favourites.items.map((favourite: { name: string }) => favourite.name)).toEqual(['Farhana Akter', 'Nusrat Jahan']);
    const received = await get('/api/v1/money-requests?direction=received');
    expect(received.items).toMatchObject([{ status: 'pending', amount: { amount: 1_500 }, note: 'Lunch on Friday' }]);
    const sent = await get('/api/v1/money-requests?direction=sent');
    expect(sent.items).toMatchObject([{ status: 'pending', amount: { amount: 4_000 }, note: 'Cricket tickets' }]);
  });
});
