import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { scaledTimeout, verificationPort } from '../playwright.config';
import { misfits } from './fit-checks';
import { apiBalance, expect, formatCents, logIn, signedIn, test, TEST_PIN, typePaymentPin, type TestUser } from './fixtures';
import { newRecipient } from './ledger-helpers';

/**
 * Issue 26: passkeys (decision 0045). The phone is Chromium's virtual authenticator (DevTools
 * protocol): a platform authenticator with resident keys and user verification that answers every
 * prompt at once. WebAuthn refuses an IP address as relying party, so this spec opens the app as
 * http://localhost (the server's PASSKEY_ORIGIN, playwright.config.ts), sign-up included: cookies
 * of localhost are not those of 127.0.0.1.
 */

const port = verificationPort - 1;
test.use({ baseURL: `http://localhost:${port}` });

interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/** A phone with a fingerprint reader, for this page: it verifies the user until told otherwise. */
async function virtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

const passkeysCard = (page: Page) => page.locator('section[aria-labelledby="settings-passkeys"]');

/** The texts the steps below click, in either language (the Bangla ones as the app writes them). */
const texts = {
  en: { add: 'Add a passkey', continue: 'Continue', save: 'Save passkey', approve: 'Approve with passkey', signIn: 'Sign in with a passkey' },
  bn: { add: 'পাসকি যোগ করুন', continue: 'এগিয়ে যান', save: 'পাসকি সেভ করুন', approve: 'পাসকি দিয়ে অনুমোদন করুন', signIn: 'পাসকি দিয়ে সাইন ইন করুন' },
} as const;
type Language = keyof typeof texts;

/** Settings → Add a passkey → the password and PIN → the prompt (answered by the authenticator) → a name. */
async function addPasskey(page: Page, user: TestUser, name: string, language: Language = 'en'): Promise<Locator> {
  await page.goto('/dashboard/Setting');
  const card = passkeysCard(page);
  await card.getByRole('button', { name: texts[language].add }).click();
  await card.locator('input[name="currentPassword"]').fill(user.password);
  await card.locator('input[name="pin"]').fill(TEST_PIN);
  await card.getByRole('button', { name: texts[language].continue }).click();
  await card.locator('input[name="name"]').fill(name);
  await card.getByRole('button', { name: texts[language].save }).click();
  await expect(card.getByTestId('passkey')).toHaveCount(1);
  return card;
}

/**
 * A payment of `dollars` whose passkey does not pay: "Approve with passkey" says `problem` (as an
 * alert or a status) and moves nothing; then the PIN pays it, and the done dialog is closed.
 */
async function passkeyFailsThenPinPays(page: Page, to: TestUser, dollars: number, problem: { role: 'alert' | 'status'; text: string }): Promise<void> {
  const before = await apiBalance(page);
  const dialog = await openSendMoney(page, to, String(dollars));
  await dialog.getByRole('button', { name: 'Approve with passkey' }).click();
  await expect(dialog.getByTestId('passkey-approval').getByRole(problem.role)).toHaveText(problem.text);
  expect(await apiBalance(page)).toBe(before);
  await typePaymentPin(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toContainText(`Total $${dollars}.00 Successfully sent`);
  await done.getByRole('button', { name: 'OK' }).click();
}

/** Send Money's form, filled and checked: answers its confirm dialog, open on the approval step. */
async function openSendMoney(page: Page, to: TestUser, amount: string, language: Language = 'en'): Promise<Locator> {
  await page.goto('/dashboard/sendMoney');
  await page.locator('input[name="receiverNumber"]').fill(to.phone);
  await page.locator('input[name="sendAmount"]').fill(amount);
  await page.locator('input[name="reference"]').fill('Rent');
  await page.locator('main form button[type="submit"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: texts[language].approve })).toBeVisible();
  return dialog;
}

test('adds a passkey, signs in with it, pays with it; a refused passkey leaves the PIN, and a removed one signs in no more', async ({ page, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(120_000));
  const phone = await virtualAuthenticator(page);
  const user = await signedIn(page);
  const friend = await newRecipient(playwright, baseURL ?? '');

  // Settings: no passkey yet; one added with the password, the PIN and the phone's lock.
  await page.goto('/dashboard/Setting');
  const card = passkeysCard(page);
  await expect(card).toContainText('A passkey lets you sign in and approve payments');
  await expect(card.getByText('You have no passkey yet.')).toBeVisible();
  await addPasskey(page, user, 'Test phone');
  await expect(card).toContainText('Test phone is added. Next time, sign in or approve a payment with it.');
  await expect(card.getByTestId('passkey')).toContainText('Not used yet');
  const { credentials } = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Signed out, then in again with the passkey alone: no e-mail, no password.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A payment approved by the passkey: no PIN typed, the money moves.
  const start = await apiBalance(page);
  const dialog = await openSendMoney(page, friend, '12');
  await dialog.getByRole('button', { name: 'Approve with passkey' }).click();
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toContainText('Total $12.00 Successfully sent');
  await done.getByRole('button', { name: 'OK' }).click();
  expect(await apiBalance(page)).toBe(start - 1_200);
  await expect(page.getByText(formatCents(start - 1_200), { exact: true })).toBeVisible();

  // A passkey the server does not accept (its signature spoilt on the way): said by the button, and
  // the same payment goes with the PIN under the same Idempotency-Key.
  const sent: { key: string | undefined; approval: string }[] = [];
  await page.route('**/api/v1/transfers', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { pin?: string; passkey?: { response: { signature: string } } };
    sent.push({ key: route.request().headers()['idempotency-key'], approval: body.passkey ? 'passkey' : 'pin' });
    if (!body.passkey) return route.continue();
    body.passkey.response.signature = `${body.passkey.response.signature.slice(0, -4)}AAAA`;
    return route.continue({ postData: JSON.stringify(body) });
  });
  expect(await apiBalance(page)).toBe(start - 1_200);
  await passkeyFailsThenPinPays(page, friend, 5, { role: 'alert', text: 'This passkey could not be used. Try again, or use your PIN.' });
  expect(sent.map((request) => request.approval)).toEqual(['passkey', 'pin']);
  expect(sent[1]?.key).toBe(sent[0]?.key);
  expect(await apiBalance(page)).toBe(start - 1_700);
  await page.unroute('**/api/v1/transfers');

  // The phone's lock not confirmed (user verification fails): Chromium ends the prompt as the
  // browser does for a closed one (NotAllowedError), so nothing reaches the server; the app says so
  // calmly, and the PIN still pays.
  await phone.cdp.send('WebAuthn.setUserVerified', { authenticatorId: phone.authenticatorId, isUserVerified: false });
  expect(await apiBalance(page)).toBe(start - 1_700);
  await passkeyFailsThenPinPays(page, friend, 7, { role: 'status', text: 'No passkey was used, so nothing was paid. Try again, or enter your PIN.' });
  expect(await apiBalance(page)).toBe(start - 2_400);
  await phone.cdp.send('WebAuthn.setUserVerified', { authenticatorId: phone.authenticatorId, isUserVerified: true });

  // Settings says when it was last used; removed after a confirmation.
  await page.goto('/dashboard/Setting');
  await expect(card.getByTestId('passkey')).toContainText('Last used');
  await card.getByRole('button', { name: 'Remove passkey Test phone' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card).toContainText('Test phone is removed.');
  await expect(card.getByTestId('passkey')).toHaveCount(0);

  // The phone still holds it, but the account no longer accepts it: the API's sentence, and the password still works.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('passkey-sign-in').getByRole('alert')).toHaveText('This passkey could not sign you in. Try again, or sign in with your password.');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a passkey this server does not know is refused at sign-in, in Bangla', async ({ page }) => {
  test.setTimeout(scaledTimeout(60_000));
  await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
  // A phone holding a passkey for this site that no account here has: made by the test, not the server.
  const phone = await virtualAuthenticator(page);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  await phone.cdp.send('WebAuthn.addCredential', {
    authenticatorId: phone.authenticatorId,
    credential: {
      credentialId: randomBytes(16).toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: randomBytes(16).toString('base64'),
      signCount: 0,
    },
  });
  await page.goto('/login');
  await page.getByRole('button', { name: texts.bn.signIn }).click();
  await expect(page.getByTestId('passkey-sign-in').getByRole('alert')).toHaveText('এই পাসকি দিয়ে সাইন ইন করা গেল না। আবার চেষ্টা করুন, অথবা পাসওয়ার্ড দিয়ে সাইন ইন করুন।');
  await expect(page).toHaveURL(/\/login$/);
});

const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
for (const language of ['en', 'bn'] as const) {
  for (const width of [360, 1280]) {
    test(`the passkey screens, ${language}, ${width} px (SCREENSHOTS=1)`, async ({ page, playwright, baseURL }) => {
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
      test.setTimeout(scaledTimeout(90_000));
      fs.mkdirSync(dir, { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      await virtualAuthenticator(page);
      const user = await signedIn(page);
      const friend = await newRecipient(playwright, baseURL ?? '');

      await page.goto('/dashboard/Setting');
      const card = passkeysCard(page);
      await card.getByRole('button', { name: texts[language].add }).click();
      await page.waitForLoadState('networkidle');
      const confirmStep = await misfits(page);
      await card.screenshot({ path: `${dir}/passkeys-confirm-${language}-${width}.png` });
      await addPasskey(page, user, 'Pixel 8', language);
      const listed = await misfits(page);
      await card.screenshot({ path: `${dir}/passkeys-card-${language}-${width}.png` });

      const dialog = await openSendMoney(page, friend, '12', language);
      const paymentStep = await misfits(page);
      await dialog.screenshot({ path: `${dir}/passkeys-payment-${language}-${width}.png` });
      await page.keyboard.press('Escape');

      await page.context().clearCookies();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: texts[language].signIn })).toBeVisible();
      const login = await misfits(page);
      await page.screenshot({ path: `${dir}/passkeys-login-${language}-${width}.png`, fullPage: true });
      expect({ confirmStep, listed, paymentStep, login }).toEqual({ confirmStep: [], listed: [], paymentStep: [], login: [] });
    });
  }
}
