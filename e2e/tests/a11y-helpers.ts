import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { csrfHeader, dashboardChildren, expect, fundWallet, registerUser, signedIn, test, type TestUser } from './fixtures';
import { sendTransfers } from './ledger-helpers';

type Playwright = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

/** WCAG 2.1 levels A and AA: what the product promises. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail the build; minor and moderate findings are reported, not enforced. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Who fixes a finding. The public site's pages and their layout (header, footer) are rebuilt by the
 * public-site work; everything inside the signed-in app, the sign-in screens and dialogs is "app".
 */
export type Owner = 'app' | 'public-site';

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  target: string;
  summary: string;
  owner: Owner;
}

export interface Scan {
  label: string;
  findings: Finding[];
}

export interface ScanOptions {
  /** Who owns what is inside <main> and dialogs (the screen itself). */
  screen?: Owner;
  /** Who owns the rest: the layout around the screen (top bar, navigation, footer). */
  layout?: Owner;
  testInfo?: TestInfo;
}

/** Runs axe on the page as it is and returns its serious and critical findings, each with its owner. */
export async function scan(page: Page, label: string, options: ScanOptions = {}): Promise<Scan> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  if (options.testInfo) {
    await options.testInfo.attach(`axe ${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  }
  const findings: Finding[] = [];
  for (const violation of results.violations) {
    if (!BLOCKING.has(violation.impact ?? '')) continue;
    for (const node of violation.nodes) {
      const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | ');
      const inScreen = await page
        .evaluate((selector) => {
          try {
            const element = document.querySelector(selector);
            return element === null || element === document.documentElement || element.closest('main, dialog, [role="dialog"], [role="alertdialog"]') !== null;
          } catch {
            return true;
          }
        }, String(node.target[0]))
        .catch(() => true);
      const owner: Owner = (inScreen ? options.screen : options.layout) ?? 'app';
      findings.push({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        helpUrl: violation.helpUrl,
        target,
        summary: (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim(),
        owner,
      });
    }
  }
  return { label, findings };
}

/** One readable block per finding: rule, impact, where, and what axe says to fix. */
export function describe(scans: Scan[], owner: Owner): string {
  const lines: string[] = [];
  for (const { label, findings } of scans) {
    const mine = findings.filter((finding) => finding.owner === owner);
    if (mine.length === 0) continue;
    lines.push(`\n${label}: ${mine.length} serious/critical finding(s)`);
    for (const finding of mine) {
      lines.push(`  [${finding.impact}] ${finding.rule}: ${finding.help}`);
      lines.push(`      at ${finding.target}`);
      if (finding.summary) lines.push(`      ${finding.summary}`);
      lines.push(`      ${finding.helpUrl}`);
    }
  }
  return lines.join('\n');
}

/** Waits until the page has settled: its heading shown, its data loaded, no spinner turning. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('.animate-spin').first().waitFor({ state: 'hidden' }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

/**
 * A signed-in wallet with something in every list: money added from a bank, two transfers sent,
 * one received, and a linked bank account. Returns the user and the wallet that received money.
 */
export async function signedInWithData(page: Page, playwright: Playwright, baseURL: string): Promise<{ user: TestUser; friend: TestUser }> {
  const user = await signedIn(page);
  await fundWallet(page.request, 1000, user);
  const friendRequest = await playwright.request.newContext({ baseURL });
  let friend: TestUser;
  try {
    friend = await registerUser(friendRequest);
    await sendTransfers(page.request, friend, 2);
    await sendTransfers(friendRequest, user, 1);
    // A favourite, and a money request each way (pending): the lists and the bell have content.
    const headers = await csrfHeader(page.request);
    for (const [url, data] of [
      ['/api/v1/favourites', { name: friend.name, phone: friend.phone, origin: 'Dhaka' }],
      ['/api/v1/money-requests', { from: friend.phone, amount: 1_500, note: 'Taxi' }],
    ] as const) {
      const response = await page.request.post(url, { headers, data });
      if (response.status() !== 201) throw new Error(`POST ${url} failed: ${response.status()} ${await response.text()}`);
    }
    const asked = await friendRequest.post('/api/v1/money-requests', { headers: await csrfHeader(friendRequest), data: { from: user.phone, amount: 4_000, note: 'Dinner' } });
    if (asked.status() !== 201) throw new Error(`A money request to the user failed: ${asked.status()} ${await asked.text()}`);
  } finally {
    await friendRequest.dispose();
  }
  const linked = await page.request.post('/api/v1/bank-accounts', {
    headers: await csrfHeader(page.request),
    data: { bankId: 'dutch-bangla-bank', accountNumber: '20501234567890' },
  });
  if (linked.status() !== 201) throw new Error(`Linking a bank account failed: ${linked.status()} ${await linked.text()}`);
  return { user, friend };
}

/** Dashboard screens built by the public-site work (features/contact); the layout around them is the app's. */
export const publicSiteDashboardChildren = ['ContactUS'];

export const dashboardPages = [
  '/dashboard',
  ...dashboardChildren.map((child) => `/dashboard/${child}`),
  '/dashboard/TransitionHistory?type=received',
  '/dashboard/TransitionHistory?type=all',
  '/dashboard/SupportTicket?transaction=not-a-transaction-of-mine',
  '/addMoney',
  '/BankTransfer',
  '/sendMoney',
  '/addAccount',
];

/**
 * Fails softly when a scan has findings of `owner`, with the readable list as the message. Findings
 * of the other owner are listed as an annotation of the test (they fail the other owner's test).
 */
export function expectClean(scanned: Scan, owner: Owner) {
  const report = describe([scanned], owner);
  expect.soft(report, `${scanned.label}: serious/critical accessibility findings${owner === 'public-site' ? ' (public site)' : ''}`).toBe('');
  const other = describe([scanned], owner === 'app' ? 'public-site' : 'app');
  if (other) test.info().annotations.push({ type: `findings owned by ${owner === 'app' ? 'the public-site work' : 'the app'}`, description: other });
}

/** The dashboard screen's owner: the app, except the screens the public-site work builds. */
export const dashboardScreenOwner = (path: string): Owner => (publicSiteDashboardChildren.some((child) => path.startsWith(`/dashboard/${child}`)) ? 'public-site' : 'app');
