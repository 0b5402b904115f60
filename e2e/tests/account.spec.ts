import { expect, formatCents, signedIn, test } from './fixtures';

test('the account page shows the main account and links and removes bank accounts', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/myAccount');
  await expect(page.getByRole('heading', { name: 'Main Account' })).toBeVisible();
  await expect(page.getByText(user.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Account Funds')).toBeVisible();
  await expect(page.getByText(formatCents(100_000), { exact: true })).toBeVisible();
  await expect(page.getByText('USD', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Link Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link a bank account' });
  await dialog.getByRole('button', { name: 'Link account' }).click();
  await expect(dialog.getByText('Please choose a bank')).toBeVisible();
  await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: 'Sonali Bank' });
  await dialog.getByLabel('Bank account number').fill('12345678901');
  await dialog.getByRole('button', { name: 'Link account' }).click();
  await expect(dialog.getByText('Please Type Minimum 12 Digit Account Number')).toBeVisible();
  await dialog.getByLabel('Bank account number').fill('123456789012345');
  await dialog.getByRole('button', { name: 'Link account' }).click();
  await expect(dialog.getByText('Please Type Maximum 14 Digit Account Number')).toBeVisible();
  await dialog.getByLabel('Bank account number').fill('987654321098');
  await dialog.getByRole('button', { name: 'Link account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sonali Bank account •••• 1098 is now linked.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Linked bank accounts' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('•••• 1098');

  // The same account cannot be linked twice.
  await page.getByRole('button', { name: 'Link Bank Account' }).click();
  await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: 'Sonali Bank' });
  await dialog.getByLabel('Bank account number').fill('987654321098');
  await dialog.getByRole('button', { name: 'Link account' }).click();
  await expect(dialog.getByText('This bank account is already linked')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await list.getByRole('button', { name: 'Remove Sonali Bank account •••• 1098' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this bank account?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Remove Sonali Bank account •••• 1098' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(0);
  await expect(list).toContainText('You have not linked a bank account yet.');

  await page.getByRole('link', { name: 'Transfer Money' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sendMoney$/);
});
