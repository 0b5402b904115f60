import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir, scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';
import { newRecipient, sendTransfers, statementAfterTransfers } from './ledger-helpers';

/**
 * A receipt from the statement, its PDF, and the public /verify page: a genuine receipt and its file
 * are confirmed; a changed file, a ledger changed by hand and an unknown code are not.
 */
const shots = process.env.SCREENSHOTS ? (process.env.SCREENSHOT_DIR ?? '/tmp/shots') : null;

/** What someone with access to the server's database file could do (the test server runs on SQLite). */
function alterTransferAmount(transferId: string, amount: number) {
  const db = new Database(path.join(e2eDataDir, 'poisha.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const trigger = db.prepare("select sql from sqlite_master where name = 'transfers_no_update'").get() as { sql: string };
    db.transaction(() => {
      db.exec('drop trigger transfers_no_update');
      db.prepare('update transfers set amount = ? where id = ?').run(amount, transferId);
      db.exec(trigger.sql);
    })();
  } finally {
    db.close();
  }
}

test('a receipt from the statement downloads as a PDF that /verify confirms, and an altered one it refuses', async ({ page, playwright, baseURL }, testInfo) => {
  test.setTimeout(scaledTimeout(60_000));
  const bob = await statementAfterTransfers(page, playwright, baseURL, 3);
  await page.locator('table tbody tr').first().getByRole('link', { name: 'Receipt' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText('−$3.00');
  await expect(page.getByText(bob.name)).toBeVisible();
  const transferId = decodeURIComponent(page.url().split('/').at(-1)!);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  const code = /poisha-receipt-([0-9A-Z]{10})\.pdf/.exec(download.suggestedFilename())![1]!;
  const pdfPath = testInfo.outputPath('receipt.pdf');
  await download.saveAs(pdfPath);
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The QR code's address: the page checks the code at once.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/verify?code=${code.slice(0, 5)}-${code.slice(5)}`);
  const result = visitor.getByTestId('verify-result');
  await expect(result).toHaveAttribute('data-status', 'genuine');
  await expect(visitor.getByText("Genuine: this receipt matches Poisha's ledger")).toBeVisible();
  await expect(result).toContainText('$3.00');
  await expect(result).toContainText('Money sent');
  // Nothing beyond the document: not the other party.
  await expect(result).not.toContainText(bob.name);

  // The file itself: the very PDF matches; one changed byte does not.
  await visitor.getByLabel('The PDF file (optional)').setInputFiles(pdfPath);
  await visitor.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveAttribute('data-file', 'matches');
  await expect(visitor.getByText('The file is the one Poisha issued with this code.')).toBeVisible();
  if (shots) await visitor.screenshot({ path: `${shots}/verify-genuine-1280.png`, fullPage: true });

  const altered = Buffer.from(fs.readFileSync(pdfPath));
  altered.writeUInt8(altered.readUInt8(altered.length - 200) ^ 1, altered.length - 200);
  await visitor.getByLabel('The PDF file (optional)').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: altered });
  await visitor.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveAttribute('data-file', 'differs');
  await expect(visitor.getByText('The file is not the one Poisha issued with this code: it has been changed.')).toBeVisible();

  // The ledger changed by hand behind the receipt: no longer genuine, and nothing of it shown.
  alterTransferAmount(transferId, 30_000);
  try {
    await visitor.getByLabel('The PDF file (optional)').setInputFiles([]);
    await visitor.getByRole('button', { name: 'Check' }).click();
    await expect(result).toHaveAttribute('data-status', 'altered');
    await expect(visitor.getByText("Not genuine: this receipt no longer matches Poisha's ledger")).toBeVisible();
    await expect(result).not.toContainText('$3.00');
    if (shots) await visitor.screenshot({ path: `${shots}/verify-altered-1280.png`, fullPage: true });
  } finally {
    alterTransferAmount(transferId, 300);
  }

  // A code nobody was given.
  await visitor.getByLabel('Document code').fill('00000-00000');
  await visitor.getByRole('button', { name: 'Check' }).click();
  await expect(visitor.getByText('No document has this code. Check the code printed on the document.')).toBeVisible();
  await visitor.close();
});

for (const width of shots ? [360, 1280] : []) {
  for (const language of ['en', 'bn'] as const) {
    test(`receipt and verify screens at ${width} px in ${language}`, async ({ page, playwright, baseURL }) => {
      test.setTimeout(scaledTimeout(60_000));
      await page.addInitScript((chosen) => window.localStorage.setItem('poisha.language', chosen), language);
      const bob = await newRecipient(playwright, baseURL ?? '');
      await signedIn(page);
      await sendTransfers(page.request, bob, 1);
      await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
      await page.goto('/dashboard/TransitionHistory');
      await page.getByRole('link', { name: language === 'en' ? 'Receipt' : 'রসিদ' }).first().click();
      await expect(page.getByTestId('receipt-amount')).toBeVisible();
      await page.screenshot({ path: `${shots}/receipt-${language}-${width}.png`, fullPage: true });
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: language === 'en' ? 'Download PDF' : 'PDF ডাউনলোড' }).click();
      const code = /poisha-receipt-([0-9A-Z]{10})\.pdf/.exec((await downloading).suggestedFilename())![1]!;
      await page.goto(`/verify?code=${code}`);
      await expect(page.getByTestId('verify-result')).toHaveAttribute('data-status', 'genuine');
      await page.screenshot({ path: `${shots}/verify-${language}-${width}.png`, fullPage: true });
    });
  }
}
