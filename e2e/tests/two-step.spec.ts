import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { totpCodeAt } from '../../apps/api/src/features/auth/two-step';
import { scan } from './a11y-helpers';
import { misfits } from './fit-checks';
import { expect, hasHorizontalScroll, logIn, signedIn, test, type TestUser } from './fixtures';

/**
 * Issue 26: two-step sign-in with an authenticator app (decision 0044). The test is the phone: it
 * reads the key the Settings card shows and computes the app's codes from it (RFC 6238).
 */

const STEP_MS = 30_000;

async function expectNoAxeFindings(page: Page, label: string) {
  const { findings } = await scan(page, label);
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

const twoStepCard = (page: Page) => page.locator('section[aria-labelledby="settings-two-step"]');

/** Settings → the password → the QR code and key (labels by position: the language may be either). Answers the key. */
async function startTurningOn(page: Page, user: TestUser): Promise<string> {
  await page.goto('/dashboard/Setting');
  const card = twoStepCard(page);
  await card.locator('input[type="password"]').fill(user.password);
  await card.locator('button[type="submit"]').click();
  await expect(card.getByRole('img')).toBeVisible();
  const secret = ((await card.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  return secret;
}

/** The app's first code turns it on: answers the recovery codes shown. */
async function finishTurningOn(page: Page, secret: string): Promise<string[]> {
  const card = twoStepCard(page);
  await card.locator('input[autocomplete="one-time-code"]').fill(totpCodeAt(secret, Date.now()));
  await card.locator('button[type="submit"]').click();
  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return codes.allTextContents();
}

/** Signs out and signs in with the password (fields by name): the second step shows. */
async function signInAgain(page: Page, user: TestUser) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('two-step')).toBeVisible();
}

test('turns two-step sign-in on, signs in with the app code and with a recovery code, and turns it off', async ({ page }) => {
  // Three sign-ins and two visits to Settings: longer than one screen's test.
  test.setTimeout(90_000);
  const user = await signedIn(page);
  const secret = await startTurningOn(page, user);
  const recoveryCodes = await finishTurningOn(page, secret);
  await expect(page.getByText('Two-step sign-in is on. From now on we ask')).toBeVisible();
  await expectNoAxeFindings(page, 'recovery codes');
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByTestId('two-step-on')).toHaveText('Two-step sign-in is on. 10 recovery codes are left.');

  await signInAgain(page, user);
  const step = page.getByTestId('two-step');
  await expect(step.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await step.getByLabel('Code from the app or a recovery code').fill('000000');
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(step).toContainText('This code is not right. Check the time on your phone and try again.');
  await expectNoAxeFindings(page, 'two-step code, wrong');
  // The code of the next 30 seconds: the one that turned it on was used once already.
  await step.getByLabel('Code from the app or a recovery code').fill(totpCodeAt(secret, Date.now() + STEP_MS));
  await step.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signInAgain(page, user);
  await page.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/Setting');
  const card = twoStepCard(page);
  await expect(card.getByTestId('two-step-on')).toHaveText('Two-step sign-in is on. 9 recovery codes are left.');
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await card.locator('input[type="password"]').fill(user.password);
  await card.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[1]!);
  await card.getByRole('button', { name: 'Turn it off' }).click();
  await expect(card.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent security activity' })).toContainText('Two-step sign-in turned off');

  await page.context().clearCookies();
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const language of ['en', 'bn'] as const) {
  test(`the two-step screens fit a 360 px phone (${language})`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
    const user = await signedIn(page);
    const secret = await startTurningOn(page, user);
    await page.waitForLoadState('networkidle');
    const scanStep = await misfits(page);
    await finishTurningOn(page, secret);
    const codesShown = await misfits(page);
    const codesSideways = await hasHorizontalScroll(page);
    await signInAgain(page, user);
    const loginStep = await misfits(page);
    expect({ scanStep, codesShown, codesSideways, loginStep, loginSideways: await hasHorizontalScroll(page) }).toEqual({
      scanStep: [],
      codesShown: [],
      codesSideways: false,
      loginStep: [],
      loginSideways: false,
    });
  });
}

const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
for (const language of ['en', 'bn'] as const) {
  for (const width of [360, 1280]) {
    test(`the two-step screens, ${language}, ${width} px (SCREENSHOTS=1)`, async ({ page }) => {
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
      fs.mkdirSync(dir, { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      const user = await signedIn(page);
      const secret = await startTurningOn(page, user);
      await page.waitForLoadState('networkidle');
      await twoStepCard(page).screenshot({ path: `${dir}/two-step-scan-${language}-${width}.png` });
      await finishTurningOn(page, secret);
      await twoStepCard(page).screenshot({ path: `${dir}/two-step-codes-${language}-${width}.png` });
      await signInAgain(page, user);
      await page.screenshot({ path: `${dir}/two-step-login-${language}-${width}.png`, fullPage: true });
    });
  }
}
