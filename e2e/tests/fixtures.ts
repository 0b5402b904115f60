import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { centsToDecimal, CURRENCY } from '@poisha/contracts';
import { e2eDataDir, scaledTimeout } from '../playwright.config';

export { expect, test } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  /** E.164, e.g. +8801712345678. */
  phone: string;
}

const digits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** The payment PIN of every user the fixtures make ready to pay (the demo users' too, decision 0042). */
export const TEST_PIN = '24680';
/** A second good PIN, for the tests that change or reset one. */
export const OTHER_TEST_PIN = '13579';

/** A user nobody else has: tests run in parallel against one database, and e-mail and phone are unique. */
export function newUser(): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // Bangladeshi mobile numbers: +880 1, an operator digit 3-9, then eight digits; never ending in a
  // test PIN, which the PIN rule refuses as the end of the owner's number.
  const operator = String(3 + Math.floor(Math.random() * 7));
  let phone = `+8801${operator}${digits(8)}`;
  while (phone.endsWith(TEST_PIN) || phone.endsWith(OTHER_TEST_PIN)) phone = `+8801${operator}${digits(8)}`;
  return {
    name: `Test User ${id}`,
    email: `e2e-${id}@example.com`,
    // Nothing of the name or the e-mail in it: the password rule refuses that (issue 10, defect 8).
    password: `tea garden ${digits(6)}`,
    phone,
  };
}

/**
 * Creates an account through the API, proves its phone number with the code the server wrote to
 * its SMS outbox, as a person would (decision 0041), and sets its payment PIN (TEST_PIN, decision
 * 0042): the wallet receives money, pays, and has its welcome bonus where e-mail verification is
 * off. With `page.request` the page's browser is signed in too (shared cookies).
 * `provePhone: false` leaves the number unproven (and no PIN); `pin: null` leaves the PIN unset.
 */
export async function registerUser(
  request: APIRequestContext,
  user: TestUser = newUser(),
  { provePhone = true, pin = provePhone ? TEST_PIN : null, dataDir = e2eDataDir }: { provePhone?: boolean; pin?: string | null; dataDir?: string } = {},
): Promise<TestUser> {
  const response = await request.post('/api/v1/auth/signup', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  const authorization = { authorization: `Bearer ${token}` };
  if (provePhone) {
    const code = await newestSmsCodeTo(user.phone, dataDir);
    const proof = await request.post('/api/v1/auth/phone/verify', { headers: authorization, data: { code } });
    expect(proof.status(), await proof.text()).toBe(200);
  }
  if (pin !== null) {
    const set = await request.put('/api/v1/payment-pin', { headers: authorization, data: { pin } });
    expect(set.status(), await set.text()).toBe(200);
  }
  return user;
}

/**
 * The code in the newest development SMS to `phone` (E.164): the server writes each SMS as a
 * .txt file under DATA_DIR/sms, `To: <number>`, a blank line, then the text. With `containing`,
 * the newest whose text has it (the PIN reset's code, not the phone proof's).
 */
export async function newestSmsCodeTo(phone: string, dataDir: string = e2eDataDir, containing = ''): Promise<string> {
  const text = await newestInOutbox(path.join(dataDir, 'sms'), '.txt', (sms) => sms.startsWith(`To: ${phone}\n`) && sms.includes(containing), `an SMS to ${phone}`);
  return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
}

/**
 * The newest file of a development outbox (`extension` files under `outbox`, named in the order
 * they were written) whose text `matches`, waited for: the API writes a mail or an SMS after it has
 * answered.
 */
async function newestInOutbox(outbox: string, extension: string, matches: (text: string) => boolean, what: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(extension)).sort();
        for (const name of names.reverse()) {
          const text = await fs.readFile(path.join(outbox, name), 'utf8');
          if (matches(text)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: what, timeout: scaledTimeout(10_000) },
    )
    .toBe(true);
  return found;
}

/** On "Confirm your phone": types the code of the newest SMS to the number and confirms it. */
export async function confirmPhoneInBrowser(page: Page, phone: string, dataDir: string = e2eDataDir): Promise<void> {
  await page.getByLabel('Code from the SMS').fill(await newestSmsCodeTo(phone, dataDir));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Your phone number is confirmed')).toBeVisible();
}

/** A signed-in browser: an account created over the API in the page's own cookie jar. */
export async function signedIn(page: Page): Promise<TestUser> {
  return registerUser(page.request);
}

/** Fills the sign-up form of the current page (it must be /signUp). */
export async function fillSignupForm(page: Page, user: TestUser, confirmPassword = user.password): Promise<void> {
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Your Email').fill(user.email);
  await page.getByLabel('Your Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
  await page.getByLabel('Phone Number', { exact: true }).fill(user.phone);
}

/** On "Choose your payment PIN" (/dashboard/setPin): types the PIN twice and sets it. */
export async function setPinInBrowser(page: Page, pin: string = TEST_PIN): Promise<void> {
  await page.getByLabel('New PIN', { exact: true }).fill(pin);
  await page.getByLabel('The same PIN again', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Set my PIN' }).click();
  await expect(page.getByText('Your payment PIN is set')).toBeVisible();
}

/** Registers `user` through the sign-up form, as a person would, up to the "Confirm your phone" step. */
export async function registerInBrowser(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signUp');
  await fillSignupForm(page, user);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard\/confirmPhone$/);
}

/**
 * Signs up through the form, as a person would, confirms the phone number with the code from the
 * SMS outbox on the "Confirm your phone" step, chooses the payment PIN (TEST_PIN) on the next
 * step, and waits for the dashboard.
 */
export async function signUp(page: Page, user: TestUser = newUser(), dataDir: string = e2eDataDir): Promise<TestUser> {
  await registerInBrowser(page, user);
  await confirmPhoneInBrowser(page, user.phone, dataDir);
  await page.getByRole('link', { name: 'Choose my payment PIN' }).click();
  await expect(page).toHaveURL(/\/dashboard\/setPin$/);
  await setPinInBrowser(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

/** Types the payment PIN into a payment's confirm dialog (its PIN step), before its pay button. */
export async function typePaymentPin(dialog: Locator, pin: string = TEST_PIN): Promise<void> {
  await dialog.getByLabel('Payment PIN', { exact: true }).fill(pin);
}

/** Logs in through the form of the current page (it must be /login). */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The newest development mail sent to `email`, decoded from quoted-printable (see newestRawMailTo). */
export async function newestMailTo(email: string, dataDir: string = e2eDataDir): Promise<string> {
  return decodeQuotedPrintable(await newestRawMailTo(email, dataDir));
}

/**
 * The newest development mail sent to `email`, as written (an .eml file). The API writes each mail
 * after it has answered, so this waits for it to appear.
 */
export async function newestRawMailTo(email: string, dataDir: string = e2eDataDir): Promise<string> {
  const to = new RegExp(`^To: .*${email.replaceAll('.', '\\.')}`, 'im');
  return newestInOutbox(path.join(dataDir, 'mail'), '.eml', (mail) => to.test(mail), `a mail to ${email}`);
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The reset link of a mail, as a path on the test server (the mail names the configured public URL). */
export function resetPathFrom(mail: string): string {
  const match = /https?:\/\/[^\s/]+(\/resetpassword#token=[A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error(`No reset link in the mail:\n${mail}`);
  return match[1];
}

/** True when the page is wider than the window (a horizontal scroll bar). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

/** How the app shows an amount of cents in English: $1,234.56 (the contract's decimal, formatted by Intl). */
export function formatCents(amount: number): string {
  const decimal = centsToDecimal(amount) as Intl.StringNumericLiteral;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY }).format(decimal);
}

/** The CSRF header a cookie-authenticated change needs, read from the request context's cookie jar. */
export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const csrf = cookies.find((cookie) => cookie.name === 'poisha_csrf')?.value;
  if (!csrf) throw new Error('No CSRF cookie: sign in first');
  return { 'x-csrf-token': csrf };
}

/**
 * Adds money from a bank over the API (whole dollars, 500 to 50,000), for tests that need a funded
 * wallet without going through the deposit screens. Returns the amount added in cents.
 */
export async function fundWallet(request: APIRequestContext, dollars: number, user: Pick<TestUser, 'name'>): Promise<number> {
  const response = await request.post('/api/v1/deposits/bank', {
    headers: { ...(await csrfHeader(request)), 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      accountHolder: user.name,
      accountHolderNumber: `017${digits(8)}`,
      bankId: 'sonali-bank',
      bankAccountNumber: digits(13),
      amount: dollars * 100,
      reference: '1001',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return dollars * 100;
}

/** Children of /dashboard in the spec's route table, plus the PayPal top-up screen (DECISIONS.md). */
export const dashboardChildren = [
  'myAccount',
  'sendMoney',
  'addMoney',
  'RequestMoney',
  'addAccount',
  'BankTransfer',
  'addMoneyFromBank',
  'CurrencyConvert',
  'TransitionHistory',
  'takeLone',
  'paypal',
  'ContactUS',
  'Faqs',
  'addReview',
  'SupportTicket',
  'Setting',
];

/** The signed-in wallet's balance in cents, as the API tells it (GET /me). */
export async function apiBalance(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/v1/me')).json()) as { balance: { amount: number } };
  return me.balance.amount;
}

/** Fills Add money from bank (/dashboard/addMoneyFromBank); the holder's name is the signed-in user's already. */
export async function fillBankForm(page: Page, values: { holderNumber?: string; bank?: string; bankAccount?: string; amount: string; reference?: string }) {
  await page.getByLabel('Account Holder Number').fill(values.holderNumber ?? '01712345678');
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: values.bank ?? 'Sonali Bank' });
  await page.getByLabel('Bank Account Number').fill(values.bankAccount ?? '123456789012');
  await page.getByLabel('Amount (USD)').fill(values.amount);
  await page.getByLabel('Reference').fill(values.reference ?? '1001');
}

/** Fills the card deposit form's card fields (the sandbox's accepted card unless told). */
export async function fillCard(page: Page, number = '4242424242424242', expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').pressSequentially(number.replaceAll(' ', ''));
  await page.getByLabel('Expiry (MM/YY)').pressSequentially(expiry.replace('/', ''));
  await page.getByLabel('CVC').fill(cvc);
}

/**
 * Waits until the screen has asked for all its data: `lastToLoad` (what the screen shows last) is
 * visible and the network is quiet. The app counts each request it sends as activity (the server
 * does too), so a section still loading after a jump of the fake clock would rightly restart the
 * idle countdown, and the test would wait nine more minutes. On a loaded machine React can take
 * longer than the 500 ms of quiet that `networkidle` allows to render a response and ask for the
 * next one, hence the locator.
 */
/** Waits for the page to redraw after a change of window size (two animation frames: React's render, then the browser's layout). */
export async function redrawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export async function untilPageSettled(page: Page, lastToLoad?: Locator): Promise<void> {
  if (lastToLoad) await expect(lastToLoad).toBeVisible();
  await page.waitForLoadState('networkidle');
}
