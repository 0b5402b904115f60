import { maskedName } from '@poisha/contracts';
import type { Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';
import { newRecipient } from './ledger-helpers';

/**
 * Phone numbers typed the way people in Bangladesh type them: 01XXXXXXXXX, +8801XXXXXXXXX,
 * 8801XXXXXXXXX, with spaces or dashes, in Latin or Bangla digits. The flag stays Bangladesh's,
 * no error appears, and the number is shown back the local way.
 */

const BANGLA = '০১২৩৪৫৬৭৮৯';
const toBangla = (text: string) => text.replace(/\d/g, (digit) => BANGLA[Number(digit)] ?? digit);

async function retype(page: Page, label: string, typed: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed);
  await field.blur();
}

test('Send Money: select all in Receiver Number and type 01822021430; the flag stays BD and there is no error', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/sendMoney');
  const field = page.getByLabel('Receiver Number', { exact: true });
  const country = page.getByRole('combobox', { name: 'Country' });
  for (const typed of ['01822021430', '+8801822021430', '8801822021430', '0182-202 1430', toBangla('01822021430'), toBangla('880 1822-021430')]) {
    await retype(page, 'Receiver Number', typed);
    await expect(country, typed).toHaveValue('BD');
    await expect(page.getByText('Enter a valid phone number'), typed).toHaveCount(0);
    // Shown back the local way, whatever way it was typed.
    await expect(field, typed).toHaveValue(/^(01822-021430|\+880 1822-021430)$/);
  }
  await retype(page, 'Receiver Number', '01822021430');
  await expect(field).toHaveValue('01822-021430');
});

test('Send Money: a number typed with Bangla digits and 880 finds the person and sends', async ({ page, playwright, baseURL }) => {
  const friend = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.goto('/dashboard/sendMoney');
  // +8801XXXXXXXXX typed as ৮৮০-১XXX-XXXXXX, without the plus.
  const national = friend.phone.slice(4);
  await retype(page, 'Receiver Number', toBangla(`880-${national.slice(0, 4)}-${national.slice(4)}`));
  await page.getByLabel('Amount (USD)').fill('5');
  await page.getByLabel('Reference').fill('7');
  await page.getByRole('button', { name: 'Send Money' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
  await expect(confirm).toContainText(maskedName(friend.name));
  // The confirm sheet shows the number the local way.
  await expect(confirm).toContainText(`0${national.slice(0, 4)}-${national.slice(4)}`);
});

test('the other phone fields take the local way too: favourites and request money', async ({ page, playwright, baseURL }) => {
  const friend = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  const local = `0${friend.phone.slice(4)}`;

  await page.goto('/dashboard/addAccount');
  await page.getByLabel("Account holder's name", { exact: true }).fill('Rafi');
  await retype(page, 'Wallet phone number', toBangla(local));
  await expect(page.getByText('Enter a valid phone number')).toHaveCount(0);

  await page.goto('/dashboard/RequestMoney');
  await retype(page, 'Phone number to ask', `88${local}`);
  await expect(page.getByText('Enter a valid phone number')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('BD');
});
