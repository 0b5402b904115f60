import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { balanceOf, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testDatabase } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { lockedWalletBalance, markClosed } from './profile.repository.js';

const t = await testAppForFile();

const send = (from: SignedUp, to: SignedUp, amount: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '9' } });

/** A user whose balance is zero, ready to close the account. */
async function emptiedUser(): Promise<SignedUp> {
  const user = await signUp(t.app);
  const sink = await signUp(t.app);
  expect((await send(user, sink, await balanceOf(t.app, user.token))).statusCode).toBe(201);
  return user;
}

/** Wallets of closed accounts that hold money: there must never be one. */
const closedWalletsWithMoney = async () =>
  Number(
    (await sql<{ n: number | string }>`select count(*) as n from accounts join users on users.id = accounts.user_id where users.closed_at is not null and accounts.balance <> 0`.execute(t.db.kysely))
      .rows[0]!.n,
  );

describe('closing an account while money is on its way to it', () => {
  it.runIf(testDatabase === 'postgres')('refuses a credit that waited for the closing transaction’s row lock', async () => {
    const closing = await emptiedUser();
    const sender = await signUp(t.app);
    // The closure holds the wallet's row lock, as DELETE /me does, and has not committed yet.
    const closure = await t.db.kysely.startTransaction().execute();
    let transferAnswer: Awaited<ReturnType<typeof send>> | null = null;
    try {
      expect(await lockedWalletBalance(closure, closing.user.id)).toBe(0);
      await markClosed(closure, closing.user.id, Date.now());
      // The transfer finds the recipient by phone (the closure is not visible yet) and waits for the row.
      const transfer = send(sender, closing, 2_500).then((response) => (transferAnswer = response));
      const deadline = Date.now() + 5_000;
      for (;;) {
        const waiting = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update "accounts"%'`.execute(t.db.kysely);
        if (Number(waiting.rows[0]!.n) > 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(transferAnswer).toBeNull();
      await closure.commit().execute();
      await transfer;
    } catch (error) {
      await closure.rollback().execute().catch(() => {});
      throw error;
    }
    const answer = transferAnswer as unknown as Awaited<ReturnType<typeof send>>;
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('unknown_recipient');
    expect(await balanceOf(t.app, sender.token)).toBe(100_000);
    expect(await closedWalletsWithMoney()).toBe(0);
  });

  it('never leaves money in a closed wallet when closures and transfers to it run in parallel', async () => {
    const senders = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
    for (let round = 0; round < 4; round += 1) {
      const closing = await emptiedUser();
      const answers = await Promise.all([
        closing.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: closing.password } }),
        ...senders.map((sender) => send(sender, closing, 100)),
      ]);
      const [close, ...transfers] = answers;
      expect([204, 422]).toContain(close!.statusCode);
      for (const transfer of transfers) expect([201, 422]).toContain(transfer.statusCode);
      // A closure that went through saw a zero balance, and nothing reached the wallet after it.
      if (close!.statusCode === 204) expect(transfers.some((transfer) => transfer.statusCode === 201 && transfer.json().to.phone === closing.phone)).toBe(false);
    }
    expect(await closedWalletsWithMoney()).toBe(0);
  });
});
