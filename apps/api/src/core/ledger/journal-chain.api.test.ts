import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { asIntruder } from '../../test/intruder.js';
import { runOps } from '../../ops/ops.js';
import { createTestApp, MemoryMailer, testDatabase, type TestApp } from '../../test/test-app.js';
import { verifyJournalChain } from './chain-check.js';

let t: TestApp;
const wallets: SignedUp[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (let index = 0; index < 6; index += 1) wallets.push(await signUp(t.app));
});
afterAll(() => t.close());

const send = (from: SignedUp, to: SignedUp, amount: number, reference = '13') =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference } });

describe(`the journal's hash chain (${testDatabase})`, () => {
  it('links every transfer of 120 simultaneous requests, in one unbroken chain', async () => {
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, index) => send(wallets[index % 6]!, wallets[(index + 1 + (index % 5)) % 6]!, 100 + index)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(120);

    const check = await verifyJournalChain(t.db.kysely, { batchSize: 50 });
    const transfers = await t.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(check).toMatchObject({ ok: true, transfers: Number(transfers.n), headSeq: Number(transfers.n) });
    // Sequence numbers 1..n without a gap or a repeat.
    const seqs = (await t.db.kysely.selectFrom('transfers').select('chain_seq').orderBy('chain_seq').execute()).map((row) => row.chain_seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
  });

  it('names a transfer changed by hand as the first broken link, and verifies again once it is restored', async () => {
    const victim = await t.db.kysely.selectFrom('transfers').select(['id', 'amount', 'chain_seq']).where('kind', '=', 'transfer').orderBy('chain_seq').offset(10).limit(1).executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: victim.amount + 1 }).where('id', '=', victim.id).execute());
    expect(await verifyJournalChain(t.db.kysely, { batchSize: 7 })).toMatchObject({
      ok: false,
      transfersChecked: victim.chain_seq! - 1,
      broken: { reason: 'content_altered', seq: victim.chain_seq, transferId: victim.id },
    });

    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ amount: victim.amount }).where('id', '=', victim.id).execute());
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it("names the transfer whose posting's balance after was changed by hand", async () => {
    const victim = await t.db.kysely
      .selectFrom('postings')
      .innerJoin('transfers', 'transfers.id', 'postings.transfer_id')
      .select(['postings.id', 'postings.balance_after', 'transfers.id as transferId', 'transfers.chain_seq'])
      .where('transfers.kind', '=', 'transfer')
      .where('postings.direction', '=', 'in')
      .orderBy('transfers.chain_seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set({ balance_after: victim.balance_after! + 100 }).where('id', '=', victim.id).execute());
    expect(await verifyJournalChain(t.db.kysely)).toMatchObject({ ok: false, broken: { reason: 'content_altered', seq: victim.chain_seq, transferId: victim.transferId } });
    await asIntruder(t.db.kysely, (db) => db.updateTable('postings').set({ balance_after: victim.balance_after }).where('id', '=', victim.id).execute());
    expect((await verifyJournalChain(t.db.kysely)).ok).toBe(true);
  });

  it('is what `npm run ops -- verify-chain` checks: exit 0 on a sound chain, 1 naming the first broken link', async () => {
    const run = async () => {
      const lines: string[] = [];
      const code = await runOps(['verify-chain', '--operator', 'ana'], {
        db: t.db, config: t.config, mailer: new MemoryMailer(), log: t.app.log, defaultOperator: undefined, now: t.clock,
        readStdin: async () => '', out: (line) => lines.push(line), err: (line) => lines.push(line),
      });
      return { code, text: lines.join('\n') };
    };
    const sound = await run();
    expect(sound.code).toBe(0);
    expect(sound.text).toMatch(/^The journal's hash chain verifies: \d+ transfers/);

    const victim = await t.db.kysely.selectFrom('transfers').select(['id', 'reference', 'chain_seq']).where('kind', '=', 'transfer').orderBy('chain_seq').offset(3).limit(1).executeTakeFirstOrThrow();
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: '999' }).where('id', '=', victim.id).execute());
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.text).toContain(`broken at place ${victim.chain_seq} (transfer ${victim.id}): content_altered`);
    await asIntruder(t.db.kysely, (db) => db.updateTable('transfers').set({ reference: victim.reference }).where('id', '=', victim.id).execute());
    expect((await run()).code).toBe(0);
  });

  it('names the place of a transfer deleted by hand, and the transfer after it', async () => {
    const [victim, next] = await t.db.kysely.selectFrom('transfers').select(['id', 'chain_seq']).where('kind', '=', 'transfer').orderBy('chain_seq').offset(20).limit(2).execute();
    expect(next!.chain_seq).toBe(victim!.chain_seq! + 1);
    await asIntruder(t.db.kysely, async (db) => {
      await db.deleteFrom('notifications').where('transfer_id', '=', victim!.id).execute();
      await db.deleteFrom('postings').where('transfer_id', '=', victim!.id).execute();
      await db.deleteFrom('transfers').where('id', '=', victim!.id).execute();
    });
    expect(await verifyJournalChain(t.db.kysely, { batchSize: 13 })).toMatchObject({
      ok: false,
      transfersChecked: victim!.chain_seq! - 1,
      broken: { reason: 'transfer_missing', seq: victim!.chain_seq, transferId: next!.id },
    });
  });
});
