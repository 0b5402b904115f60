/**
 * The bank test's verdict: what the clients saw, set against what the database holds once the
 * servers are stopped. Each check lists its anomalies; the run passes only if every list is empty.
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../../apps/api/src/config/env.js';
import { verifyJournalChain } from '../../apps/api/src/core/ledger/chain-check.js';
import { sealKeysOf } from '../../apps/api/src/core/ledger/journal-seals.js';
import type { Database } from '../../apps/api/src/db/schema.js';
import type { Wallet } from '../../apps/api/src/test/server-process.js';

/** One transfer a client sent, under one Idempotency-Key, and how it ended. */
export interface TransferAttempt {
  key: string;
  from: Wallet;
  to: Wallet;
  amount: number;
  /** How many times the request was sent again with the same key after a failed connection or a 5xx. */
  retries: number;
  /** Whether a connection broke after the request was sent (the server may have died in the middle of it). */
  cut: boolean;
  outcome:
    | { kind: 'acknowledged'; transferId: string; balanceAfter: number }
    | { kind: 'rejected' }
    | { kind: 'unanswered' }
    | { kind: 'unexpected'; status: number; body: string };
}

/** What the clients saw besides the transfers' answers. */
export interface ClientObservations {
  attempts: TransferAttempt[];
  /** Every balance read through GET /api/v1/me during the run, in cents. */
  balancesRead: number[];
  /** Answers that are errors whatever the request: 5xx, a lost session. */
  serverErrors: string[];
  /** Each wallet's balance through GET /api/v1/me after the run, by wallet index. */
  finalBalances: number[];
}

export interface Check {
  name: string;
  /** What was checked, in figures, for the report. */
  detail: string;
  anomalies: string[];
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const usd = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

function check(name: string, detail: string, anomalies: string[]): Check {
  return { name, detail, anomalies };
}

/** The checks on the clients' answers alone. */
export function checkAnswers(observed: ClientObservations): Check[] {
  const unanswered = observed.attempts.filter((attempt) => attempt.outcome.kind === 'unanswered');
  const unexpected = observed.attempts.flatMap((attempt) =>
    attempt.outcome.kind === 'unexpected' ? [`transfer ${attempt.key} answered ${attempt.outcome.status}: ${attempt.outcome.body}`] : [],
  );
  const negativeAnswers = observed.attempts.flatMap((attempt) =>
    attempt.outcome.kind === 'acknowledged' && attempt.outcome.balanceAfter < 0 ? [`transfer ${attempt.key} answered a balance of ${usd(attempt.outcome.balanceAfter)}`] : [],
  );
  const negativeReads = observed.balancesRead.filter((balance) => balance < 0).map((balance) => `a client read a balance of ${usd(balance)}`);
  return [
    check(
      'every transfer answered 201 or 422, no 5xx, no lost session',
      `${observed.attempts.length - unanswered.length} of ${observed.attempts.length} answered`,
      [...unanswered.map((attempt) => `transfer ${attempt.key} got no answer after ${attempt.retries} retries`), ...unexpected, ...observed.serverErrors],
    ),
    check(
      'no balance seen negative by a client',
      `${observed.balancesRead.length} balance reads, ${observed.attempts.length - unanswered.length} answers`,
      [...negativeAnswers, ...negativeReads],
    ),
  ];
}

/** The checks of the journal and the balances in the database against each other and the answers. */
export async function checkDatabase(db: Kysely<Database>, wallets: Wallet[], bonusCents: number, observed: ClientObservations): Promise<Check[]> {
  const accounts = await db.selectFrom('accounts').select(['id', 'user_id', 'kind', 'balance']).execute();
  const transfers = await db.selectFrom('transfers').select(['id', 'kind', 'amount', 'initiated_by']).execute();
  const postings = await db.selectFrom('postings').select(['id', 'transfer_id', 'account_id', 'amount', 'direction', 'balance_after']).orderBy('id').execute();
  const keys = await db.selectFrom('idempotency_keys').select(['user_id', 'idem_key', 'status_code', 'response_body']).execute();

  const walletAccounts = accounts.filter((account) => account.kind === 'wallet');
  const accountOfUser = new Map(walletAccounts.map((account) => [account.user_id, account]));
  const walletIds = new Set(walletAccounts.map((account) => account.id));
  const checks: Check[] = [];

  // Money is conserved: only transfers between wallets happened after the welcome bonuses.
  const total = walletAccounts.reduce((sum, account) => sum + account.balance, 0);
  const postingsTotal = postings.reduce((sum, posting) => sum + posting.amount, 0);
  checks.push(
    check('total money conserved', `${walletAccounts.length} wallets hold ${usd(total)} (expected ${usd(wallets.length * bonusCents)})`, [
      ...(walletAccounts.length === wallets.length ? [] : [`${walletAccounts.length} wallets in the database, ${wallets.length} signed up`]),
      ...(total === wallets.length * bonusCents ? [] : [`the wallets hold ${usd(total)}, not ${usd(wallets.length * bonusCents)}`]),
      ...(postingsTotal === 0 ? [] : [`all postings sum to ${postingsTotal} cents, not 0`]),
    ]),
  );

  // Every transfer: two postings, one out and one in, of its amount, summing to zero.
  const postingsOf = groupBy(postings, (posting) => posting.transfer_id);
  const unbalanced: string[] = [];
  for (const transfer of transfers) {
    const legs = postingsOf.get(transfer.id) ?? [];
    const out = legs.filter((leg) => leg.direction === 'out' && leg.amount === -transfer.amount);
    const into = legs.filter((leg) => leg.direction === 'in' && leg.amount === transfer.amount);
    if (legs.length !== 2 || out.length !== 1 || into.length !== 1) {
      unbalanced.push(`transfer ${transfer.id} (${usd(transfer.amount)}) has postings ${JSON.stringify(legs.map((leg) => leg.amount))}`);
    }
  }
  checks.push(check('postings of every transfer sum to zero', `${transfers.length} transfers, ${postings.length} postings`, unbalanced));

  // Balances: never negative, equal to the sum of the postings, each posting's balance_after one step on from the last.
  const negative: string[] = [];
  const mismatched: string[] = [];
  const walletPostings = groupBy(
    postings.filter((posting) => walletIds.has(posting.account_id)),
    (posting) => posting.account_id,
  );
  for (const account of walletAccounts) {
    if (account.balance < 0) negative.push(`wallet ${account.id} holds ${usd(account.balance)}`);
    let running = 0;
    for (const posting of walletPostings.get(account.id) ?? []) {
      running += posting.amount;
      if (posting.balance_after === null || posting.balance_after < 0) negative.push(`posting ${posting.id} left wallet ${account.id} at ${posting.balance_after}`);
      if (posting.balance_after !== running) {
        mismatched.push(`posting ${posting.id} of wallet ${account.id}: balance after ${posting.balance_after}, postings so far sum to ${running}`);
      }
    }
    if (running !== account.balance) mismatched.push(`wallet ${account.id} holds ${usd(account.balance)}, its postings sum to ${usd(running)}`);
  }
  checks.push(check('no balance negative in the database', `${walletAccounts.length} wallets, ${walletPostings.size} with postings`, negative));
  checks.push(check("each wallet's balance is the sum of its postings", `${postings.length} postings replayed in order`, mismatched));

  // Every acknowledged transfer is in the journal exactly once, as it was answered; nothing else is.
  const acknowledged = observed.attempts.flatMap((attempt) => (attempt.outcome.kind === 'acknowledged' ? [{ attempt, id: attempt.outcome.transferId }] : []));
  const journal = new Map(transfers.filter((transfer) => transfer.kind === 'transfer').map((transfer) => [transfer.id, transfer]));
  const lost: string[] = [];
  const seenIds = new Set<string>();
  for (const { attempt, id } of acknowledged) {
    const transfer = journal.get(id);
    if (seenIds.has(id)) lost.push(`transfer ${id} was acknowledged for two keys`);
    seenIds.add(id);
    if (!transfer) {
      lost.push(`acknowledged transfer ${id} (key ${attempt.key}) is not in the journal`);
      continue;
    }
    const legs = postingsOf.get(id) ?? [];
    const fromAccount = accountOfUser.get(attempt.from.userId)?.id;
    const toAccount = accountOfUser.get(attempt.to.userId)?.id;
    const matches =
      transfer.amount === attempt.amount &&
      transfer.initiated_by === attempt.from.userId &&
      legs.some((leg) => leg.account_id === fromAccount && leg.amount === -attempt.amount) &&
      legs.some((leg) => leg.account_id === toAccount && leg.amount === attempt.amount);
    if (!matches) lost.push(`transfer ${id} in the journal is not the one sent with key ${attempt.key}`);
  }
  const phantoms = [...journal.keys()].filter((id) => !seenIds.has(id)).map((id) => `transfer ${id} is in the journal but no client was told of it`);
  checks.push(
    check('every acknowledged transfer in the journal exactly once', `${acknowledged.length} acknowledged, ${journal.size} transfers between wallets in the journal`, [...lost, ...phantoms]),
  );

  // Every key: one stored outcome, the one the client got, however often it was sent.
  const stored = new Map(keys.map((row) => [`${row.user_id} ${row.idem_key}`, row]));
  const keyProblems: string[] = [];
  for (const attempt of observed.attempts) {
    const row = stored.get(`${attempt.from.userId} ${attempt.key}`);
    const { outcome } = attempt;
    if (outcome.kind === 'unanswered') continue;
    if (!row) {
      keyProblems.push(`key ${attempt.key} (answered ${outcome.kind}) has no stored outcome`);
      continue;
    }
    const storedId = row.response_body ? (JSON.parse(row.response_body) as { id?: string }).id : undefined;
    const expected = outcome.kind === 'acknowledged' ? 201 : outcome.kind === 'rejected' ? 422 : outcome.status;
    if (row.status_code !== expected || (outcome.kind === 'acknowledged' && storedId !== outcome.transferId)) {
      keyProblems.push(`key ${attempt.key}: the client got ${expected}${outcome.kind === 'acknowledged' ? ` ${outcome.transferId}` : ''}, the database stored ${row.status_code} ${storedId ?? ''}`);
    }
  }
  if (keys.length !== observed.attempts.length) keyProblems.push(`${keys.length} stored keys for ${observed.attempts.length} keys sent`);
  const retried = observed.attempts.filter((attempt) => attempt.retries > 0);
  checks.push(
    check('every key (retried ones too) at most one transfer, its answer stored once', `${observed.attempts.length} keys, ${retried.length} of them retried`, keyProblems),
  );

  // The model: each wallet's bonus plus what it was acknowledged to receive, less what it sent.
  const expected = wallets.map(() => bonusCents);
  for (const { attempt } of acknowledged) {
    expected[attempt.from.index]! -= attempt.amount;
    expected[attempt.to.index]! += attempt.amount;
  }
  const modelProblems: string[] = [];
  for (const wallet of wallets) {
    const inDatabase = accountOfUser.get(wallet.userId)?.balance;
    const viaApi = observed.finalBalances[wallet.index];
    if (inDatabase !== expected[wallet.index] || viaApi !== expected[wallet.index]) {
      modelProblems.push(`wallet ${wallet.index}: acknowledged transfers make ${expected[wallet.index]}, the database holds ${inDatabase}, the API answers ${viaApi}`);
    }
  }
  checks.push(check('final balances are what the acknowledged transfers make them', `${wallets.length} wallets, in the database and through the API`, modelProblems));

  // Killed servers leave no transfer outside the hash chains and no broken link (decisions 0018, 0048).
  // The servers run with NODE_ENV=test, so their sealer signs with the development key.
  const chain = await verifyJournalChain(db, { trustedSealKeys: sealKeysOf(loadConfig({ NODE_ENV: 'test' })).trusted });
  checks.push(
    chain.ok
      ? check("the journal's hash chains verify", `${chain.transfers} transfers, ${chain.wallets} wallets' chains, ${chain.seals} seals`, [])
      : check("the journal's hash chains verify", `broken after ${chain.transfersChecked} transfers`, [
          `${chain.broken.reason} in ${chain.broken.chain} at place ${chain.broken.place ?? '–'} (transfer ${chain.broken.transferId ?? '–'}): ${chain.broken.detail}`,
        ]),
  );
  return checks;
}
