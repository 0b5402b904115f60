import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, newUserInput, provePhone, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, MemoryMailer, testDatabase } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { claimBonusesGrantedBeforeClaims, claimWelcomeBonusIdentities, identityHashes } from '../../core/users/welcome-bonus-claims.js';

/** Issue 24, defect 1: the welcome bonus once per e-mail address and once per phone number, ever. */
const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer, env: { EMAIL_VERIFICATION: 'required' } });

const BONUS = 100_000;

async function signUpAndVerify(overrides: Parameters<typeof newUserInput>[0] = {}): Promise<SignedUp> {
  mailer.sent.length = 0;
  const user = await signUp(t.app, overrides);
  const token = /verify-email#token=([\w-]+)/.exec((await mailer.waitFor(user.email)).text)![1]!;
  expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode).toBe(204);
  return user;
}

/** Sends the whole balance away and closes the account. */
async function emptyAndClose(user: SignedUp): Promise<void> {
  const sink = await signUp(t.app);
  const balance = await balanceOf(t.app, user.token);
  if (balance > 0) {
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(user.token), payload: { pin: TEST_PIN, to: sink.phone, amount: balance, reference: '1' } });
    expect(sent.statusCode).toBe(201);
  }
  expect((await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } })).statusCode).toBe(204);
  // The freed number may have its next SMS code a minute after the last (decision 0041).
  t.clock.advance(60_000);
}

const me = async (user: SignedUp) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json();

describe('the welcome bonus once per e-mail and phone', () => {
  it('verify, close, sign up again with the same e-mail and phone: no second bonus, the account still works', async () => {
    const first = await signUpAndVerify();
    expect(await balanceOf(t.app, first.token)).toBe(BONUS);
    await emptyAndClose(first);

    const again = await signUpAndVerify({ email: first.email, phone: first.phone });
    expect(await balanceOf(t.app, again.token)).toBe(0);
    expect(await me(again)).toMatchObject({ emailVerified: true, welcomeBonusPending: false, welcomeBonusRefused: true });
    const bonuses = await t.db.kysely.selectFrom('transfers').select('id').where('kind', '=', 'welcome_bonus').execute();
    // The sinks never verified their addresses: the first user's is the only bonus.
    expect(bonuses).toHaveLength(1);
  });

  it('reusing only the phone number (with a new e-mail) gets no bonus, and only the e-mail neither', async () => {
    const first = await signUpAndVerify();
    await emptyAndClose(first);
    const samePhone = await signUpAndVerify({ phone: first.phone });
    expect(await balanceOf(t.app, samePhone.token)).toBe(0);
    expect(await me(samePhone)).toMatchObject({ welcomeBonusRefused: true });

    const second = await signUpAndVerify();
    await emptyAndClose(second);
    const sameEmail = await signUpAndVerify({ email: second.email });
    expect(await balanceOf(t.app, sameEmail.token)).toBe(0);
  });

  it('a refused claim leaves the other identity free: a new phone keeps its chance', async () => {
    const first = await signUpAndVerify();
    await emptyAndClose(first);
    const freshPhone = newUserInput().phone;
    const refused = await signUpAndVerify({ email: first.email, phone: freshPhone });
    expect(await balanceOf(t.app, refused.token)).toBe(0);
    await emptyAndClose(refused);
    const later = await signUpAndVerify({ phone: freshPhone });
    expect(await balanceOf(t.app, later.token)).toBe(BONUS);
  });

  it('keeps only keyed hashes: no readable e-mail or phone in the claims', async () => {
    const user = await signUpAndVerify();
    const claims = await t.db.kysely.selectFrom('welcome_bonus_claims').selectAll().where('user_id', '=', user.user.id).execute();
    expect(claims.map((claim) => claim.identity_hash).sort()).toEqual(identityHashes(t.config.IDENTITY_HASH_SECRET, user).sort());
    for (const claim of claims) {
      expect(claim.identity_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(claim.identity_hash).not.toContain(user.phone.slice(1));
    }
    // Another secret gives other hashes: they are keyed, not plain digests.
    expect(identityHashes('another secret of thirty-two characters', user)).not.toEqual(identityHashes(t.config.IDENTITY_HASH_SECRET, user));
  });

  it('parallel sign-ups reusing a claimed e-mail or phone get no bonus, on both databases', async () => {
    const quick = await createTestApp({ env: { EMAIL_VERIFICATION: 'off' } });
    try {
      const first = await signUp(quick.app);
      expect(await balanceOf(quick.app, first.token)).toBe(BONUS);
      const sink = await signUp(quick.app);
      await quick.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(first.token), payload: { pin: TEST_PIN, to: sink.phone, amount: BONUS, reference: '1' } });
      expect((await first.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: first.password } })).statusCode).toBe(204);
      quick.clock.advance(60_000);
      const answers = await Promise.all([
        quick.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ email: first.email }) }),
        quick.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ phone: first.phone }) }),
      ]);
      for (const answer of answers) expect(answer.statusCode).toBe(201);
      // The bonus is decided when the phone is proven (decision 0041): both proofs at once.
      const proven = await Promise.all(answers.map((answer) => provePhone(quick.app, answer.json().token, answer.json().user.phone)));
      for (const user of proven) expect(user).toMatchObject({ balance: { amount: 0 }, welcomeBonusRefused: true, welcomeBonusPending: false });
    } finally {
      await quick.close();
    }
  });

  it('two transactions claiming one fresh identity at once: exactly one wins', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const shared = { email: `shared.${crypto.randomUUID()}@example.com`, phone: newUserInput().phone };
    const claim = (userId: string) =>
      t.db.kysely.transaction().execute(async (trx) => {
        const won = await claimWelcomeBonusIdentities(trx, t.config.IDENTITY_HASH_SECRET, { userId, ...shared }, Date.now());
        // Held open a moment, so on PostgreSQL the other claim really waits on this one's row.
        await new Promise((resolve) => setTimeout(resolve, testDatabase === 'postgres' ? 100 : 0));
        return won;
      });
    const results = await Promise.all([claim(a.user.id), claim(b.user.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.db.kysely.selectFrom('welcome_bonus_claims').select('user_id').where('identity_hash', 'in', identityHashes(t.config.IDENTITY_HASH_SECRET, shared)).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.user_id)).size).toBe(1);
  });

  it('remembers the bonuses credited before claims existed, open accounts and closed ones, at start', async () => {
    const closedBefore = await signUpAndVerify();
    const openBefore = await signUpAndVerify();
    await emptyAndClose(closedBefore);
    // As a database migrated from before this change has them: bonuses, and no claims.
    await t.db.kysely.deleteFrom('welcome_bonus_claims').where('user_id', 'in', [closedBefore.user.id, openBefore.user.id]).execute();

    expect(await claimBonusesGrantedBeforeClaims(t.db.kysely, t.config.IDENTITY_HASH_SECRET, Date.now())).toBe(2);
    expect(await claimBonusesGrantedBeforeClaims(t.db.kysely, t.config.IDENTITY_HASH_SECRET, Date.now())).toBe(0);

    const again = await signUpAndVerify({ email: closedBefore.email, phone: closedBefore.phone });
    expect(await balanceOf(t.app, again.token)).toBe(0);
    await emptyAndClose(openBefore);
    const openAgain = await signUpAndVerify({ phone: openBefore.phone });
    expect(await balanceOf(t.app, openAgain.token)).toBe(0);
  });
});
