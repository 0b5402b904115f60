import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const STARTING_BALANCE = 100_000;
const ASKED = 500;
/** Rounds run this many at a time; on PostgreSQL 6 of 130 rounds ended in a deadlock (500) before the fix. */
const PARALLEL_ROUNDS = 8;
const WAVES = 16;

/** A requester whose balance is zero, so that closing the account is allowed until a payment lands. */
async function emptiedRequester(sink: SignedUp): Promise<SignedUp> {
  const user = await signUp(t.app);
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(user.token), payload: { pin: TEST_PIN, to: sink.phone, amount: STARTING_BALANCE, reference: '9' } });
  expect(sent.statusCode).toBe(201);
  return user;
}

/** One round: the requester asks, then pays and closes race each other. */
async function round(payer: SignedUp, sink: SignedUp) {
  const requester = await emptiedRequester(sink);
  const asked = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(requester.token), payload: { from: payer.phone, amount: ASKED, note: 'race' } });
  expect(asked.statusCode).toBe(201);
  const [paid, closed] = await Promise.all([
    t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${asked.json().id}/pay`, headers: moneyHeaders(payer.token), payload: { pin: TEST_PIN } }),
    requester.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: requester.password } }),
  ]);
  return { requester, paid: paid.statusCode, closed: closed.statusCode, paidBody: paid.body, closedBody: closed.body };
}

const walletBalance = async (userId: string) =>
  (await t.db.kysely.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirstOrThrow()).balance;

describe('paying a money request while the requester closes the account', () => {
  it('answers every round with a decision, never a 5xx, and the ledger stays exact', async () => {
    const sink = await signUp(t.app);
    const payers = await Promise.all(Array.from({ length: PARALLEL_ROUNDS }, () => signUp(t.app)));
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let wave = 0; wave < WAVES; wave += 1) rounds.push(...(await Promise.all(payers.map((payer) => round(payer, sink)))));

    const serverErrors = rounds.filter((outcome) => outcome.paid >= 500 || outcome.closed >= 500);
    expect(serverErrors.map((outcome) => `${outcome.paid} ${outcome.paidBody} / ${outcome.closed} ${outcome.closedBody}`)).toEqual([]);
    let paidCount = 0;
    for (const outcome of rounds) {
      // Either the payment landed first (the account holds money and stays open), or the closure
      // did (the request was cancelled with it, and nothing was paid).
      if (outcome.paid === 200) {
        paidCount += 1;
        expect(outcome.closed).toBe(422);
        expect(await walletBalance(outcome.requester.user.id)).toBe(ASKED);
      } else {
        expect(outcome.paid).toBe(409);
        expect(outcome.closed).toBe(204);
        expect(await walletBalance(outcome.requester.user.id)).toBe(0);
      }
    }
    const paidByPayers = (await Promise.all(payers.map((payer) => balanceOf(t.app, payer.token)))).reduce((sum, balance) => sum + (STARTING_BALANCE - balance), 0);
    expect(paidByPayers).toBe(paidCount * ASKED);
    const closedWithMoney = await sql<{ n: number | string }>`select count(*) as n from accounts join users on users.id = accounts.user_id where users.closed_at is not null and accounts.balance <> 0`.execute(t.db.kysely);
    expect(Number(closedWithMoney.rows[0]!.n)).toBe(0);
    // 128 rounds of sign-ups, transfers and closures: more than the default 30 s on a loaded machine.
  }, 120_000);
});
