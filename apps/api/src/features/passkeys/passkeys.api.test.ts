import { SESSION_COOKIE, type Passkey, type PasskeyAssertion, type PasskeyList } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, cookieValue, moneyHeaders, signUp, TEST_PIN, type SignedUp } from '../../test/http-client.js';
import { createSoftAuthenticator, type CeremonyKnobs, type SoftPasskey } from '../../test/passkey-authenticator.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { Secret, TOTP } from 'otpauth';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer });

const authenticator = createSoftAuthenticator({ origin: t.config.PASSKEY_ORIGIN });
type Options = { challenge: string; user: { id: string }; rp: { id: string }; allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] };

const post = (user: SignedUp | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });
const list = async (user: SignedUp) => (await t.app.inject({ method: 'GET', url: '/api/v1/passkeys', headers: bearer(user.token) })).json<PasskeyList>().passkeys;
const registrationOptions = async (user: SignedUp) => {
  const answer = await post(user, '/passkeys/registration-options', { currentPassword: user.password, pin: TEST_PIN });
  expect(answer.statusCode).toBe(200);
  return answer.json<Options>();
};
const events = async (user: SignedUp) =>
  (await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.user.id).where('event', 'like', 'passkey%').orderBy('id').execute()).map((row) => row.event);

/** Adds a passkey as a person does in Settings; answers the authenticator's side of it. */
async function addPasskey(user: SignedUp, knobs: CeremonyKnobs = {}, name?: string): Promise<SoftPasskey> {
  const { response, passkey } = authenticator.create(await registrationOptions(user), knobs);
  const added = await post(user, '/passkeys', { response, ...(name === undefined ? {} : { name }) });
  expect(added.statusCode).toBe(201);
  return passkey;
}

const signInOptions = async () => (await post(null, '/auth/passkey/options')).json<Options>();
const signInWith = (response: PasskeyAssertion) => post(null, '/auth/passkey', { response });
const paymentOptions = async (user: SignedUp) => {
  const answer = await post(user, '/passkeys/payment-options');
  expect(answer.statusCode).toBe(200);
  return answer.json<Options>();
};
const payWith = (from: SignedUp, to: SignedUp, approval: { pin?: string; passkey?: PasskeyAssertion }, key?: string, amount = 100) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token, key), payload: { to: to.phone, amount, reference: 'passkey', ...approval } });

describe('adding a passkey', () => {
  it('takes the password and the PIN, then a passkey verified on the device for this site; it is listed, audited and the owner is mailed', async () => {
    const user = await signUp(t.app);
    const wrongPassword = await post(user, '/passkeys/registration-options', { currentPassword: 'not the password', pin: TEST_PIN });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toHaveProperty('currentPassword');
    const wrongPin = await post(user, '/passkeys/registration-options', { currentPassword: user.password, pin: '13579' });
    expect(wrongPin.statusCode).toBe(422);
    expect(wrongPin.json().error).toMatchObject({ code: 'wrong_payment_pin', fields: { pin: expect.stringContaining('2 tries') } });

    const options = await registrationOptions(user);
    expect(options.rp.id).toBe(new URL(t.config.PASSKEY_ORIGIN).hostname);
    expect(options).toMatchObject({ attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, excludeCredentials: [] });
    // Ed25519, ES256, RS256: no experimental algorithm (decision 0045).
    expect((options as unknown as { pubKeyCredParams: { alg: number }[] }).pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.user.id);

    const { response } = authenticator.create(options, { synced: true });
    const added = await post(user, '/passkeys', { response, name: '  My phone ' });
    expect(added.statusCode).toBe(201);
    expect(added.json<Passkey>()).toEqual({ id: response.id, name: 'My phone', createdAt: new Date(t.clock()).toISOString(), lastUsedAt: null, synced: true });
    expect(await list(user)).toEqual([added.json()]);
    expect(await events(user)).toEqual(['passkey_added']);
    expect((await mailer.waitFor(user.email)).subject).toBe('A passkey was added to your Poisha account');

    // The next options name it, so the browser does not make a second passkey on the same device.
    expect((await registrationOptions(user)).excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
  });

  it('is named after the browser and device it was made on when no name is typed', async () => {
    const user = await signUp(t.app);
    const { response } = authenticator.create(await registrationOptions(user));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/passkeys',
      headers: { ...bearer(user.token), 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36' },
      payload: { response },
    });
    expect(added.json<Passkey>().name).toMatch(/Chrome on Android/);
  });

  it('refuses an answer for another site, without the owner verified, to a used, expired or other account’s challenge, and the same passkey twice', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const refused = async (response: object) => {
      const answer = await post(user, '/passkeys', { response });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.code).toBe('passkey_not_accepted');
    };
    await refused(authenticator.create(await registrationOptions(user), { origin: 'https://poisha.example.evil' }).response);
    await refused(authenticator.create(await registrationOptions(user), { rpId: 'evil.example' }).response);
    await refused(authenticator.create(await registrationOptions(user), { userVerified: false }).response);
    await refused(authenticator.create(await registrationOptions(other)).response);
    const late = await registrationOptions(user);
    t.clock.advance(5 * 60_000 + 1);
    await refused(authenticator.create(late).response);

    const options = await registrationOptions(user);
    const first = authenticator.create(options);
    expect((await post(user, '/passkeys', { response: first.response })).statusCode).toBe(201);
    await refused(authenticator.create(options).response);
    expect(await list(user)).toHaveLength(1);

    // The same credential for a new challenge (a browser that ignored excludeCredentials), and an
    // answer whose id is not the credential the authenticator signed.
    const sameAgain = await post(user, '/passkeys', { response: authenticator.create(await registrationOptions(user), { credentialId: first.response.id }).response });
    expect(sameAgain.statusCode).toBe(409);
    expect(sameAgain.json().error.code).toBe('passkey_already_added');
    const swapped = authenticator.create(await registrationOptions(user)).response;
    await refused({ ...swapped, id: first.response.id, rawId: first.response.id });
    expect(await list(user)).toHaveLength(1);
  });

  it('gives 400 for what is not a WebAuthn answer, and changes nothing', async () => {
    const user = await signUp(t.app);
    for (const response of [{}, { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '{not base64url}', attestationObject: 'AA' } }, 'passkey']) {
      const answer = await post(user, '/passkeys', { response });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    expect(await list(user)).toEqual([]);
  });

  it('is removed by its owner only; the owner is mailed', async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const passkey = await addPasskey(user);
    const byStranger = await t.app.inject({ method: 'DELETE', url: `/api/v1/passkeys/${passkey.id}`, headers: bearer(stranger.token) });
    expect(byStranger.statusCode).toBe(404);
    expect(await list(user)).toHaveLength(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/passkeys/${passkey.id}`, headers: bearer(user.token) });
    expect(removed.statusCode).toBe(204);
    expect(await list(user)).toEqual([]);
    expect(await events(user)).toEqual(['passkey_added', 'passkey_removed']);
    expect((await mailer.waitFor(user.email)).subject).toBe('A passkey was removed from your Poisha account');
    // Gone: it no longer signs in.
    expect((await signInWith(authenticator.get(passkey, await signInOptions()))).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password and without the second step, with a new session, and records the use', async () => {
    const user = await signUp(t.app);
    const passkey = await addPasskey(user);
    // Two-step sign-in on: the passkey is already two factors (the key and the owner verified on the device).
    const setup = (await post(user, '/auth/two-step/setup', { currentPassword: user.password })).json<{ secret: string }>();
    expect((await post(user, '/auth/two-step/enable', { code: new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: t.clock() }) })).statusCode).toBe(200);

    const options = await signInOptions();
    expect(options).toMatchObject({ userVerification: 'required', allowCredentials: [] });
    const answer = await signInWith(authenticator.get(passkey, options));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ user: { id: user.user.id }, token: expect.any(String) });
    expect(cookieValue(answer, SESSION_COOKIE)).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(answer.json().token) })).statusCode).toBe(200);
    expect((await list(user))[0]!.lastUsedAt).toBe(new Date(t.clock()).toISOString());
    expect(await events(user)).toEqual(['passkey_added', 'passkey_sign_in']);
  });

  it('refuses, as one sentence, a replayed answer, a payment challenge, a forged user handle, a counter that went back, and a closed account', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const passkey = await addPasskey(user);
    await addPasskey(other);
    const refused = async (response: PasskeyAssertion) => {
      const answer = await signInWith(response);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error).toMatchObject({ code: 'invalid_passkey', message: 'This passkey could not sign you in. Try again, or sign in with your password.' });
      expect(answer.cookies).toHaveLength(0);
    };
    const once = authenticator.get(passkey, await signInOptions());
    expect((await signInWith(once)).statusCode).toBe(200);
    await refused(once);
    await refused(authenticator.get(passkey, await paymentOptions(user)));
    await refused(authenticator.get({ ...passkey, userHandle: Buffer.from(other.user.id).toString('base64url') }, await signInOptions()));
    await refused(authenticator.get(passkey, await signInOptions(), { userVerified: false }));
    await refused(authenticator.get(passkey, await signInOptions(), { signCount: 1 }));
    await refused(authenticator.get(passkey, await signInOptions(), { origin: 'https://evil.example' }));
    await refused(authenticator.get(passkey, { challenge: Buffer.from('made up by the client').toString('base64url') }));
    const late = await signInOptions();
    t.clock.advance(5 * 60_000 + 1);
    await refused(authenticator.get(passkey, late));
    expect((await signInWith(authenticator.get(passkey, await signInOptions()))).statusCode).toBe(200);
    await t.db.kysely.updateTable('users').set({ closed_at: new Date(t.clock()).toISOString() }).where('id', '=', user.user.id).execute();
    await refused(authenticator.get(passkey, await signInOptions()));
  });

  it('counts refused answers per address: the 21st in 15 minutes is 429', async () => {
    const stranger = await signUp(t.app);
    const passkey = await addPasskey(stranger);
    t.clock.advance(15 * 60_000);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) statuses.push((await signInWith(authenticator.get(passkey, await signInOptions(), { userVerified: false }))).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    t.clock.advance(15 * 60_000);
  });
});

describe('approving a payment with a passkey', () => {
  it('pays without the PIN, once per answer; a retry with the same key is the same payment', async () => {
    const from = await signUp(t.app);
    const to = await signUp(t.app);
    const passkey = await addPasskey(from);
    const before = await balanceOf(t.app, from.token);
    const options = await paymentOptions(from);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    const assertion = authenticator.get(passkey, options);
    const key = crypto.randomUUID();

    const paid = await payWith(from, to, { passkey: assertion }, key);
    expect(paid.statusCode).toBe(201);
    const retried = await payWith(from, to, { passkey: assertion }, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(paid.json());
    // The same answer for another payment: refused, and the key of that one is not used up.
    const otherKey = crypto.randomUUID();
    const reused = await payWith(from, to, { passkey: assertion }, otherKey);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatchObject({ code: 'passkey_not_accepted', fields: { pin: expect.any(String) } });
    expect((await payWith(from, to, { pin: TEST_PIN }, otherKey)).statusCode).toBe(201);
    expect(await balanceOf(t.app, from.token)).toBe(before - 200);
  });

  it('pays a money request with a passkey', async () => {
    const payer = await signUp(t.app);
    const requester = await signUp(t.app);
    const passkey = await addPasskey(payer);
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(requester.token), payload: { from: payer.phone, amount: 250, reference: 'tea' } });
    expect(asked.statusCode).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/money-requests/${asked.json().id}/pay`,
      headers: moneyHeaders(payer.token),
      payload: { passkey: authenticator.get(passkey, await paymentOptions(payer)) },
    });
    expect(paid.statusCode).toBe(200);
  });

  it("refuses another account's passkey, a sign-in challenge, no verification, and both or neither approval; nothing moves", async () => {
    const from = await signUp(t.app);
    const to = await signUp(t.app);
    const thief = await signUp(t.app);
    const own = await addPasskey(from);
    const thiefs = await addPasskey(thief);
    const before = await balanceOf(t.app, from.token);
    const notAccepted = async (approval: { pin?: string; passkey?: PasskeyAssertion }) => {
      const answer = await payWith(from, to, approval);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.code).toBe('passkey_not_accepted');
    };
    await notAccepted({ passkey: authenticator.get(thiefs, await paymentOptions(thief)) });
    await notAccepted({ passkey: authenticator.get(thiefs, await paymentOptions(from)) });
    await notAccepted({ passkey: authenticator.get(own, await signInOptions()) });
    await notAccepted({ passkey: authenticator.get(own, await paymentOptions(from), { userVerified: false }) });
    const both = await payWith(from, to, { pin: TEST_PIN, passkey: authenticator.get(own, await paymentOptions(from)) });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual({ pin: 'Approve with your PIN or with a passkey, not both' });
    const neither = await payWith(from, to, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields).toEqual({ pin: 'Enter your 5-digit PIN' });
    expect(await balanceOf(t.app, from.token)).toBe(before);
  });

  it('is held by a PIN block like every payment', async () => {
    const from = await signUp(t.app);
    const to = await signUp(t.app);
    const passkey = await addPasskey(from);
    for (let wrong = 0; wrong < 3; wrong++) await payWith(from, to, { pin: '13579' });
    const blocked = await payWith(from, to, { passkey: authenticator.get(passkey, await paymentOptions(from)) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('payment_pin_blocked');
  });

  it('has no challenge for an account without passkeys', async () => {
    const user = await signUp(t.app);
    expect((await post(user, '/passkeys/payment-options')).statusCode).toBe(422);
  });

  it('lets one answer sent 10 times at once, each with its own key, pay once', async () => {
    const from = await signUp(t.app);
    const to = await signUp(t.app);
    const passkey = await addPasskey(from);
    const before = await balanceOf(t.app, from.token);
    const assertion = authenticator.get(passkey, await paymentOptions(from));
    const answers = await Promise.all(Array.from({ length: 10 }, () => payWith(from, to, { passkey: assertion })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect(await balanceOf(t.app, from.token)).toBe(before - 100);
  });
});
