import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { asIntruder, rehashTransfer } from '../../test/intruder.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';
import { insertChainedTransfers } from '../ledger/bulk-journal.js';
import { sha256Hex } from '../ledger/journal-chain.js';
import { sealJournal, sealKeysOf } from '../ledger/journal-seals.js';
import { SYSTEM_ACCOUNTS } from '../ledger/system-accounts.js';
import { issueVerifiableDocument, statementPostingPages, verifyDocument } from './documents.js';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let aliceWallet: string;
const FROM = '2000-01-01T00:00:00.000Z';
const TO = '2100-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  aliceWallet = (await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', alice.user.id).executeTakeFirstOrThrow()).id;
  for (let index = 0; index < 6; index += 1) {
    const [from, to] = index % 3 === 2 ? [bob, alice] : [alice, bob];
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount: 100 + index, reference: String(40 + index) } });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

/** Decision 0018's statement digest as one JSON.stringify over every entry, read here whole. */
async function wholeStatementDigest(accountId: string, from: string, to: string) {
  const rows = await t.db.kysely
    .selectFrom('postings as p')
    .innerJoin('transfers as t', 't.id', 'p.transfer_id')
    .select(['t.id', 't.hash', 'p.amount', 'p.balance_after'])
    .where('p.account_id', '=', accountId)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to)
    .orderBy('p.id')
    .execute();
  const before = await t.db.kysely.selectFrom('postings').select('balance_after').where('account_id', '=', accountId).where('created_at', '<', from).orderBy('id', 'desc').limit(1).executeTakeFirst();
  const opening = before?.balance_after ?? 0;
  const closing = rows.length > 0 ? rows.at(-1)!.balance_after : opening;
  const moneyIn = rows.reduce((sum, row) => sum + Math.max(row.amount, 0), 0);
  const moneyOut = rows.reduce((sum, row) => sum - Math.min(row.amount, 0), 0);
  return sha256Hex(
    JSON.stringify(['poisha-statement-v1', accountId, from, to, opening, closing, moneyIn, moneyOut, rows.map((row) => [row.id, row.hash, row.amount, row.balance_after])]),
  );
}

describe(`a statement's verifiable digest (${testDatabase})`, () => {
  it('reads the period in pages of the size asked, in id order, each page continuing after the last', async () => {
    const all = await t.db.kysely.selectFrom('postings').select(['id', 'transfer_id']).where('account_id', '=', aliceWallet).orderBy('id').execute();
    expect(all.length).toBe(7); // the welcome bonus and six transfers
    const pages: string[][] = [];
    const period = { from: FROM, to: TO, firstId: all[0]!.id, lastId: all.at(-1)!.id };
    for await (const page of statementPostingPages(t.db.kysely, aliceWallet, period, 3)) pages.push(page.map((row) => row.id));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(all.map((row) => row.transfer_id));
  });

  it('is hashed as it is read, to the same bytes as the whole JSON array', async () => {
    const issued = await issueVerifiableDocument(t.db.kysely, { userId: alice.user.id, accountId: aliceWallet, subject: { kind: 'statement', from: FROM, to: TO }, nowMs: Date.now(), publicUrl: 'https://poisha.test' });
    const stored = await t.db.kysely.selectFrom('issued_documents').select('content_digest').where('code', '=', issued.code).executeTakeFirstOrThrow();
    expect(stored.content_digest).toBe(await wholeStatementDigest(aliceWallet, FROM, TO));
    expect(issued.summary).toMatchObject({ kind: 'statement', entries: 7, openingBalance: 0 });

    // An empty period hashes its empty list the same way.
    const empty = await issueVerifiableDocument(t.db.kysely, { userId: alice.user.id, accountId: aliceWallet, subject: { kind: 'statement', from: FROM, to: '2001-01-01T00:00:00.000Z' }, nowMs: Date.now(), publicUrl: 'https://poisha.test' });
    const emptyRow = await t.db.kysely.selectFrom('issued_documents').select('content_digest').where('code', '=', empty.code).executeTakeFirstOrThrow();
    expect(emptyRow.content_digest).toBe(await wholeStatementDigest(aliceWallet, FROM, '2001-01-01T00:00:00.000Z'));

    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'genuine' });
    // A transfer's reference is not in the digest, but the chain covers it: the check, made page
    // by page, still finds it.
    const victim = await t.db.kysely.selectFrom('transfers').select(['id', 'reference']).where('reference', '=', '44').executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: 'changed' }).where('id', '=', victim.id).execute());
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'altered', summary: null });
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: victim.reference }).where('id', '=', victim.id).execute());
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'genuine' });
  });

  it('leaves out a posting whose id falls inside the period but whose time does not', async () => {
    // Written with a time long before the others (a bulk set-up), then one more transfer: its id
    // lies between the period's first and last, its time before the period.
    const id = crypto.randomUUID();
    const createdAt = '2001-06-01T00:00:00.000Z';
    await t.db.kysely.transaction().execute((trx) =>
      insertChainedTransfers(trx, [
        {
          transfer: { id, kind: 'bank_deposit', amount: 5, reference: null, counterparty: 'BRAC Bank •••• 0001', initiated_by: null, created_at: createdAt },
          postings: [
            { transfer_id: id, account_id: SYSTEM_ACCOUNTS.bankSettlement, amount: -5, direction: 'out', balance_after: null, created_at: createdAt },
            { transfer_id: id, account_id: aliceWallet, amount: 5, direction: 'in', balance_after: 12_345, created_at: createdAt },
          ],
        },
      ]),
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 1, reference: '50' } });
    expect(response.statusCode).toBe(201);

    const from = '2020-01-01T00:00:00.000Z';
    const issued = await issueVerifiableDocument(t.db.kysely, { userId: alice.user.id, accountId: aliceWallet, subject: { kind: 'statement', from, to: TO }, nowMs: Date.now(), publicUrl: 'https://poisha.test' });
    const stored = await t.db.kysely.selectFrom('issued_documents').select('content_digest').where('code', '=', issued.code).executeTakeFirstOrThrow();
    expect(stored.content_digest).toBe(await wholeStatementDigest(aliceWallet, from, TO));
    expect(issued.summary).toMatchObject({ entries: 8, openingBalance: 12_345 });
  });

  it("pins the wallet's chain and the newest seal: a head rewritten consistently, or a changed seal, makes it altered", async () => {
    await sealJournal(t.db.kysely, sealKeysOf(t.config), Date.now());
    const older = await t.db.kysely.selectFrom('transfers').select('id').where('reference', '=', '41').executeTakeFirstOrThrow();
    const issued = await issueVerifiableDocument(t.db.kysely, { userId: alice.user.id, accountId: aliceWallet, subject: { kind: 'receipt', transferId: older.id }, nowMs: Date.now(), publicUrl: 'https://poisha.test' });
    const pins = await t.db.kysely.selectFrom('issued_documents').select(['wallet_posting_id', 'wallet_hash', 'seal_seq', 'seal_hash']).where('code', '=', issued.code).executeTakeFirstOrThrow();
    const wallet = await t.db.kysely.selectFrom('accounts').select(['entries_in', 'entries_out', 'chain_hash']).where('id', '=', aliceWallet).executeTakeFirstOrThrow();
    const newest = await t.db.kysely.selectFrom('postings').select(['id', 'wallet_place']).where('account_id', '=', aliceWallet).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const seal = await t.db.kysely.selectFrom('journal_seals').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(pins).toEqual({ wallet_posting_id: newest.id, wallet_hash: wallet.chain_hash, seal_seq: seal.seq, seal_hash: seal.hash });
    expect(newest.wallet_place).toBe(wallet.entries_in + wallet.entries_out);
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'genuine' });

    // The wallet's newest entry (not the receipt's transfer) rewritten with its hash recomputed and
    // both wallets' rows pointed at it: every link holds, the pinned head does not.
    const head = await t.db.kysely.selectFrom('postings').select('transfer_id').where('id', '=', newest.id).executeTakeFirstOrThrow();
    const transfer = await t.db.kysely.selectFrom('transfers').select('reference').where('id', '=', head.transfer_id).executeTakeFirstOrThrow();
    const rewrite = (reference: string | null) => rehashTransfer(t.db.kysely, head.transfer_id, { reference });
    await rewrite('rewritten');
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'altered' });
    await rewrite(transfer.reference);
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'genuine' });

    await asIntruder(t.db.kysely, (db) => db.updateTable('journal_seals').set({ hash: 'f'.repeat(64) }).where('seq', '=', seal.seq).execute());
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'altered' });
    await asIntruder(t.db.kysely, (db) => db.updateTable('journal_seals').set({ hash: seal.hash }).where('seq', '=', seal.seq).execute());
    expect(await verifyDocument(t.db.kysely, issued.code)).toMatchObject({ status: 'genuine' });
  });
});
