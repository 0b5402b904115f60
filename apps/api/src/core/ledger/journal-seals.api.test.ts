import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { asIntruder, rehashTransfer } from '../../test/intruder.js';
import { runOps } from '../../ops/ops.js';
import { createTestApp, MemoryMailer, testDatabase, type TestApp } from '../../test/test-app.js';
import { verifyJournalChain } from './chain-check.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from './ledger.js';
import { sealJournal, sealKeysOf } from './journal-seals.js';
import { walletOf } from './wallets.js';

/**
 * The journal's seals (decision 0048): signed Merkle roots over the heads of the wallets' chains
 * that moved, chained seal to seal, and what they catch that the chains alone cannot.
 */
let t: TestApp;
const wallets: SignedUp[] = [];
let keys: ReturnType<typeof sealKeysOf>;
beforeAll(async () => {
  t = await createTestApp();
  keys = sealKeysOf(t.config);
  for (let index = 0; index < 4; index += 1) wallets.push(await signUp(t.app));
});
afterAll(() => t.close());

const send = (from: SignedUp, to: SignedUp, amount: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '5' } });
const verify = () => verifyJournalChain(t.db.kysely, { trustedSealKeys: keys.trusted, batchSize: 9 });
const seal = () => sealJournal(t.db.kysely, keys, Date.now());
const walletIds = async () => Promise.all(wallets.map(async (wallet) => (await walletOf(t.db.kysely, wallet.user.id)).id));

describe(`the journal's seals (${testDatabase})`, () => {
  it("seals every wallet's head first, then only the wallets that moved, each seal pointing at the one before", async () => {
    expect((await send(wallets[0]!, wallets[1]!, 300)).statusCode).toBe(201);
    const first = await seal();
    const withEntries = await t.db.kysely.selectFrom('accounts').select('id').where('kind', '=', 'wallet').where('chain_hash', 'is not', null).execute();
    expect(first).toMatchObject({ seq: 1, wallets: withEntries.length });
    const globalHead = await t.db.kysely.selectFrom('journal_chain_head').select('hash').executeTakeFirstOrThrow();
    const sealOne = await t.db.kysely.selectFrom('journal_seals').selectAll().where('seq', '=', 1).executeTakeFirstOrThrow();
    expect(sealOne.prev_hash).toBe(globalHead.hash);
    expect(await verify()).toMatchObject({ ok: true, seals: 1 });
    // Its leaves read two at a time: the tree built page by page gives the same root.
    expect(await verifyJournalChain(t.db.kysely, { trustedSealKeys: keys.trusted, batchSize: 2 })).toMatchObject({ ok: true, seals: 1 });

    // Nothing moved: nothing to seal.
    expect(await seal()).toBeNull();

    const ids = await walletIds();
    expect((await send(wallets[2]!, wallets[3]!, 100)).statusCode).toBe(201);
    const second = await seal();
    expect(second).toMatchObject({ seq: 2, wallets: 2 });
    const leaves = await t.db.kysely.selectFrom('journal_seal_wallets').select(['account_id', 'wallet_place', 'chain_hash']).where('seal_seq', '=', 2).orderBy('account_id').execute();
    const heads = await t.db.kysely.selectFrom('accounts').select(['id as account_id', 'chain_hash']).where('id', 'in', [ids[2]!, ids[3]!]).orderBy('id').execute();
    expect(leaves.map(({ account_id, chain_hash }) => ({ account_id, chain_hash }))).toEqual(heads);
    const sealTwo = await t.db.kysely.selectFrom('journal_seals').select('prev_hash').where('seq', '=', 2).executeTakeFirstOrThrow();
    expect(sealTwo.prev_hash).toBe(sealOne.hash);
    expect(await verify()).toMatchObject({ ok: true, seals: 2 });
  });

  it('makes one seal when several sealers run at once', async () => {
    expect((await send(wallets[1]!, wallets[2]!, 50)).statusCode).toBe(201);
    const made = await Promise.all(Array.from({ length: 4 }, () => seal()));
    expect(made.filter((result) => result !== null)).toHaveLength(1);
    expect(await verify()).toMatchObject({ ok: true, seals: 3 });
  });

  it('names a sealed head whose wallet history was rewritten and re-hashed consistently, which the chains alone cannot see', async () => {
    // A deposit is the wallet's newest entry and is sealed; the intruder changes its amount,
    // recomputes its hash and points the wallet's row at it: every chain still links.
    const [victimWallet] = await walletIds();
    const deposit = await t.db.movementTransaction((trx) =>
      moveMoney(trx, { kind: 'bank_deposit', debit: systemAccount(SYSTEM_ACCOUNTS.bankSettlement), credit: { id: victimWallet!, kind: 'wallet' }, amountCents: 700, nowMs: t.clock() }),
    );
    expect(await seal()).toMatchObject({ wallets: 1 });
    const rewrite = (amount: number) => rehashTransfer(t.db.kysely, deposit.transferId, { amount });
    await rewrite(70_000);
    // Without the seals, the rewrite passes every check.
    await asIntruder(t.db.kysely, async (db) => {
      const sealed = { seals: await db.selectFrom('journal_seals').selectAll().execute(), leaves: await db.selectFrom('journal_seal_wallets').selectAll().execute() };
      await db.deleteFrom('journal_seal_wallets').execute();
      await db.deleteFrom('journal_seals').execute();
      expect(await verifyJournalChain(db)).toMatchObject({ ok: true, seals: 0 });
      await db.insertInto('journal_seals').values(sealed.seals).execute();
      await db.insertInto('journal_seal_wallets').values(sealed.leaves).execute();
    });
    expect(await verify()).toMatchObject({ ok: false, broken: { reason: 'sealed_head_changed', chain: victimWallet, transferId: deposit.transferId } });
    await rewrite(700);
    expect(await verify()).toMatchObject({ ok: true });
  });

  it('names a seal signed by a key it does not trust, one whose leaves were changed, and one removed', async () => {
    // The seals so far verify; a seal made with another key does not.
    expect((await send(wallets[3]!, wallets[0]!, 20)).statusCode).toBe(201);
    const stranger = sealKeysOf({ JOURNAL_SEAL_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') });
    const forged = await sealJournal(t.db.kysely, stranger, Date.now());
    expect(await verify()).toMatchObject({ ok: false, broken: { reason: 'seal_broken', chain: 'seals', place: forged!.seq } });
    expect((await verifyJournalChain(t.db.kysely, { trustedSealKeys: [...keys.trusted, ...stranger.trusted] })).ok).toBe(true);
    await asIntruder(t.db.kysely, async (db) => {
      await db.deleteFrom('journal_seal_wallets').where('seal_seq', '=', forged!.seq).execute();
      await db.deleteFrom('journal_seals').where('seq', '=', forged!.seq).execute();
    });
    expect(await verify()).toMatchObject({ ok: true });

    // A leaf removed from seal 1: its root no longer matches what was signed.
    const leaf = await t.db.kysely.selectFrom('journal_seal_wallets').selectAll().where('seal_seq', '=', 1).limit(1).executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.deleteFrom('journal_seal_wallets').where('seal_seq', '=', 1).where('account_id', '=', leaf.account_id).execute());
    expect(await verify()).toMatchObject({ ok: false, broken: { reason: 'seal_broken', place: 1 } });
    await asIntruder(t.db.kysely, (db) => db.insertInto('journal_seal_wallets').values(leaf).execute());

    // Seal 2 removed: seal 3 has no seal before it.
    const two = await t.db.kysely.selectFrom('journal_seals').selectAll().where('seq', '=', 2).executeTakeFirstOrThrow();
    const twoLeaves = await t.db.kysely.selectFrom('journal_seal_wallets').selectAll().where('seal_seq', '=', 2).execute();
    await asIntruder(t.db.kysely, async (db) => {
      await db.deleteFrom('journal_seal_wallets').where('seal_seq', '=', 2).execute();
      await db.deleteFrom('journal_seals').where('seq', '=', 2).execute();
    });
    expect(await verify()).toMatchObject({ ok: false, broken: { reason: 'seal_broken', place: 3 } });
    await asIntruder(t.db.kysely, async (db) => {
      await db.insertInto('journal_seals').values(two).execute();
      await db.insertInto('journal_seal_wallets').values(twoLeaves).execute();
    });
    expect(await verify()).toMatchObject({ ok: true });
    await expect(t.db.kysely.updateTable('journal_seals').set({ wallets: 1 }).where('seq', '=', 1).execute()).rejects.toThrow(/immutable/);
  });

  it('is what `npm run ops -- seal` does, and `verify-chain` checks the seals with the configured key', async () => {
    const lines: string[] = [];
    const run = (command: string) =>
      runOps([command, '--operator', 'ana'], {
        db: t.db, config: t.config, mailer: new MemoryMailer(), log: t.app.log, defaultOperator: undefined, now: t.clock,
        readStdin: async () => '', out: (line) => lines.push(line), err: (line) => lines.push(line),
      });
    expect(await run('seal')).toBe(0);
    expect(lines.at(-1)).toMatch(/^Sealed the journal: seal \d+, 2 wallets' heads, Merkle root [0-9a-f]{64}\.$/);
    expect(await run('seal')).toBe(0);
    expect(lines.at(-1)).toBe("Nothing to seal: no wallet's chain moved since the last seal.");
    expect(await run('verify-chain')).toBe(0);
    expect(lines.at(-1)).toMatch(/verify: \d+ transfers, \d+ wallets' chains, \d+ seals \(the newest made 20\d\d-/);
  });
});
