import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

/**
 * The monthly job issues last month's statement on the 1st (Asia/Dhaka); a test cannot wait for
 * the 1st, so it writes the row the job writes, in the test server's database file.
 */
function issueMonthlyStatement(email: string, month: string) {
  const db = new Database(path.join(e2eDataDir, 'poisha.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    db.prepare('insert or ignore into monthly_statements (user_id, month, created_at) values (?, ?, ?)').run(user.id, month, new Date().toISOString());
  } finally {
    db.close();
  }
}

/** Last month in Dhaka, as the job names it (YYYY-MM), with its first and last days. */
function lastMonth() {
  const dhaka = new Date(Date.now() + 6 * 60 * 60 * 1000);
  const start = new Date(Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), 0));
  return { month: start.toISOString().slice(0, 7), from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10), start };
}

test('a monthly statement in the list downloads as its month’s PDF', async ({ page }) => {
  const user = await signedIn(page);
  const { month, from, to, start } = lastMonth();
  issueMonthlyStatement(user.email, month);
  await page.goto('/dashboard/TransitionHistory');

  const monthly = page.getByRole('region', { name: 'Monthly statements' });
  const name = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
  await expect(monthly.getByRole('listitem')).toHaveCount(1);
  await expect(monthly.getByRole('listitem')).toContainText(name);
  await expect(monthly).not.toContainText('Your first monthly statement arrives');

  const link = monthly.getByRole('link', { name: `Download the statement for ${name} as PDF` });
  await expect(link).toHaveAttribute('href', new RegExp(`from=${from}&to=${to}&lang=en`));
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`poisha-statement-${from}-to-${to}.pdf`);
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(1_000);
});
