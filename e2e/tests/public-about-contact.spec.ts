import fs from 'node:fs/promises';
import path from 'node:path';
import { e2eDataDir, scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The development mail (an .eml file) that contains `text`, waiting for the API to write it. */
async function mailContaining(text: string): Promise<string> {
  const outbox = path.join(e2eDataDir, 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        for (const name of await fs.readdir(outbox).catch(() => [] as string[])) {
          if (!name.endsWith('.eml')) continue;
          const mail = await fs.readFile(path.join(outbox, name), 'utf8');
          if (mail.includes(text)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail containing ${text}`, timeout: scaledTimeout(10_000) },
    )
    .toBe(true);
  return found;
}

test.describe('About Us', () => {
  const firstPhrase = 'send money with just a phone number.';

  test('shows the six team members and a typed slogan', async ({ page }) => {
    await page.goto('/aboutUs');
    await expect(page.getByRole('heading', { level: 1, name: 'Money that moves as easily as a message' })).toBeVisible();

    const team = page.getByRole('region', { name: 'Meet the team' });
    const members = team.getByRole('heading', { level: 3 });
    await expect(members).toHaveCount(6);
    await expect(members).toHaveText(['Tahmina Akter', 'Rafiqul Islam', 'Nusrat Jahan', 'Arif Hossain', 'Farhana Chowdhury', 'Sabbir Ahmed']);
    await expect(team.getByText('Project Leader', { exact: true })).toBeVisible();
    await expect(team.getByRole('link', { name: 'Tahmina Akter on LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/');
    const pictures = team.locator('img');
    await expect(pictures).toHaveCount(6);
    for (const src of await pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src')))) {
      expect(src).toMatch(/^\/team\/[a-z-]+\.svg$/);
    }
    // Every picture is served by the app itself.
    await expect.poll(() => pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);

    // The slogan types: its visible text changes; screen readers get the whole phrase, silently.
    const slogan = page.getByTestId('slogan');
    await expect(slogan.locator('[aria-live="off"]')).toHaveText(firstPhrase);
    const typed = slogan.locator('[data-slogan-typed]');
    await expect(typed).toHaveAttribute('aria-hidden', 'true');
    const first = await typed.textContent();
    await expect.poll(() => typed.textContent()).not.toBe(first);
    await expect(typed).toHaveText(firstPhrase, { timeout: scaledTimeout(5_000) });

    // The pause button stops it with the whole phrase shown.
    await page.getByRole('button', { name: 'Pause the typing slogan' }).click();
    const paused = await typed.textContent();
    await page.waitForTimeout(400);
    await expect(typed).toHaveText(paused ?? '');
  });

  test('with reduced motion the slogan stands still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/aboutUs');
    const typed = page.getByTestId('slogan').locator('[data-slogan-typed]');
    await expect(typed).toHaveText(firstPhrase);
    await page.waitForTimeout(1_500);
    await expect(typed).toHaveText(firstPhrase);
    await expect(page.getByRole('button', { name: 'Pause the typing slogan' })).toHaveCount(0);
  });
});

test.describe('Contact', () => {
  test('the form shows errors for empty fields and sends a message', async ({ page }) => {
    await page.goto('/contactUs');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByText('House 12, Road 7, Dhanmondi, Dhaka 1205, Bangladesh')).toBeVisible();
    await expect(page.getByRole('link', { name: '+880 9612 345678' })).toHaveAttribute('href', 'tel:+8809612345678');
    await expect(page.getByText('Saturday to Thursday, 09:00 to 18:00')).toBeVisible();

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is Required')).toBeVisible();
    await expect(page.getByText('Please Enter Your Email Address')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Your Name')).toBeFocused();

    const token = `contact-${unique()}`;
    await page.getByLabel('Your Name').fill('Shirin Sultana');
    await page.getByLabel('Your Email').fill(`${token}@example.com`);
    await page.getByLabel('Message', { exact: true }).fill(`My transfer reference ${token} has not arrived yet.`);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('heading', { name: 'Mail Sent' })).toBeFocused();
    await expect(page.getByText('Check Your Email Please')).toBeVisible();
    const mail = await mailContaining(`My transfer reference ${token}`);
    expect(mail).toContain('Shirin Sultana');

    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  });

  test('a failure is shown and what was typed is kept', async ({ page }) => {
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'mail_unavailable', message: 'Your message could not be sent right now.' } } }),
    );
    await page.goto('/contactUs');
    await page.getByLabel('Your Name').fill('Shirin Sultana');
    await page.getByLabel('Your Email').fill('shirin@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Hello Poisha');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('Your message was not sent');
    await expect(page.getByRole('alert')).toContainText('call our help line');
    await expect(page.getByLabel('Your Name')).toHaveValue('Shirin Sultana');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello Poisha');

    await page.unroute('**/api/v1/contact');
    await page.route('**/api/v1/contact', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not reach Poisha');
    await expect(page.getByLabel('Your Email')).toHaveValue('shirin@example.com');
  });

  test('the dashboard contact screen is the same form, filled in for the signed-in user', async ({ page }) => {
    const user = await signedIn(page);
    await page.goto('/dashboard/ContactUS');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByLabel('Your Name')).toHaveValue(user.name);
    await expect(page.getByLabel('Your Email')).toHaveValue(user.email);
    const token = `dashboard-${unique()}`;
    await page.getByLabel('Message', { exact: true }).fill(`Question ${token}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Mail Sent' })).toBeVisible();
    expect(await mailContaining(`Question ${token}`)).toContain(user.email);
  });
});
