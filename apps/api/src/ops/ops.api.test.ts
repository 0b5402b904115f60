import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../test/http-client.js';
import { latestCodeTo } from '../test/sms.js';
import { createTestApp, MemoryMailer, testDatabase, type TestApp } from '../test/test-app.js';
import { runOps } from './ops.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

function opsRunner(t: TestApp, mailer: MemoryMailer) {
  return async (argv: string[], options: { stdin?: string; defaultOperator?: string } = {}): Promise<Run> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      db: t.db,
      config: t.config,
      mailer,
      log: t.app.log,
      defaultOperator: options.defaultOperator,
      now: t.clock,
      readStdin: async () => options.stdin ?? '',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

async function auditOf(t: TestApp, event: string) {
  return t.db.kysely.selectFrom('audit_events').selectAll().where('event', '=', event).orderBy('id', 'desc').execute();
}

async function send(t: TestApp, from: SignedUp, to: SignedUp, amount: number) {
  return t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '1' } });
}

describe(`npm run ops (${testDatabase})`, () => {
  let t: TestApp;
  let mailer: MemoryMailer;
  let ops: ReturnType<typeof opsRunner>;
  beforeAll(async () => {
    mailer = new MemoryMailer();
    t = await createTestApp({ mailer });
    ops = opsRunner(t, mailer);
  });
  afterAll(() => t.close());

  it('prints its help, and refuses to act without an operator name or with an unknown command', async () => {
    const help = await ops(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['tickets', 'reply', 'close', 'wallet', 'reconcile', 'lock', 'unlock']) expect(help.out).toContain(command);

    const anonymous = await ops(['reconcile']);
    expect(anonymous.code).toBe(2);
    expect(anonymous.err).toContain('--operator');
    expect(await auditOf(t, 'operator_reconciled')).toHaveLength(0);

    expect((await ops(['frobnicate', '--operator', 'ana'])).code).toBe(2);
    expect((await ops(['wallet', '--operator', 'ana'])).code).toBe(2);
    expect((await ops(['reconcile', '--operator', 'ana', '--bogus'])).code).toBe(2);
  });

  it('lists open tickets, answers one (thread, notification, e-mail) and closes it, each in the audit log', async () => {
    const user = await signUp(t.app, { name: 'Ticket Owner' });
    const opened = await user.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'Where is my money', category: 'transfer', message: 'It did not arrive' } });
    expect(opened.statusCode).toBe(201);
    const ticketId = opened.json<{ id: string }>().id;

    const list = await ops(['tickets'], { defaultOperator: 'ana' });
    expect(list.code).toBe(0);
    expect(list.out).toContain(ticketId);
    expect(list.out).toContain('Where is my money');
    expect(list.out).toContain(user.email);

    t.clock.advance(60_000);
    const reply = await ops(['reply', ticketId, '--operator', 'ana'], { stdin: 'We found it: it arrives today.\n' });
    expect(reply).toMatchObject({ code: 0 });

    const thread = (await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${ticketId}`, headers: bearer(user.token) })).json();
    expect(thread.status).toBe('answered');
    expect(thread.messages.at(-1)).toMatchObject({ author: 'support', body: 'We found it: it arrives today.' });

    const notifications = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(user.token) })).json();
    expect(notifications.items[0]).toMatchObject({ kind: 'support_replied', ticketId, counterparty: { name: 'Where is my money' }, read: false });
    const mail = await mailer.waitFor(user.email);
    expect(mail.subject).toContain('Where is my money');
    expect(mail.text).toContain('We found it: it arrives today.');
    expect(mail.text).toContain(`SupportTicket?ticket=${ticketId}`);

    // Answered tickets wait for the user, not for support: only --all lists them.
    expect((await ops(['tickets', '--operator', 'ana'])).out).not.toContain(ticketId);
    expect((await ops(['tickets', '--all', '--operator', 'ana'])).out).toContain(ticketId);

    const close = await ops(['close', ticketId, '--operator', 'ana']);
    expect(close.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${ticketId}`, headers: bearer(user.token) })).json().status).toBe('closed');
    const late = await ops(['reply', ticketId, 'one more thing', '--operator', 'ana']);
    expect(late.code).toBe(1);
    expect(late.err).toContain('closed');
    expect((await ops(['close', crypto.randomUUID(), '--operator', 'ana'])).code).toBe(1);

    const replied = await auditOf(t, 'operator_ticket_replied');
    expect(replied).toHaveLength(1);
    expect(replied[0]).toMatchObject({ user_id: user.user.id });
    expect(JSON.parse(replied[0]!.detail!)).toEqual({ operator: 'ana', ticket: ticketId });
    expect(JSON.parse((await auditOf(t, 'operator_ticket_closed'))[0]!.detail!)).toEqual({ operator: 'ana', ticket: ticketId });
    expect(await auditOf(t, 'operator_tickets_listed')).toHaveLength(3);
  });

  it('shows a wallet by e-mail or phone: user, status, balance and last transfers', async () => {
    const alice = await signUp(t.app, { name: 'Alice Wallet' });
    const bob = await signUp(t.app, { name: 'Bob Wallet' });
    expect((await send(t, alice, bob, 12_345)).statusCode).toBe(201);

    const byEmail = await ops(['wallet', alice.email.toUpperCase(), '--operator', 'ben']);
    expect(byEmail.code).toBe(0);
    expect(byEmail.out).toContain('Alice Wallet');
    expect(byEmail.out).toContain('active');
    expect(byEmail.out).toContain('876.55 USD');
    expect(byEmail.out).toContain('-123.45 USD');
    expect(byEmail.out).toContain('to Bob Wallet');
    expect(byEmail.out).toContain('welcome_bonus');

    const local = `0${bob.phone.slice(4)}`;
    const byPhone = await ops(['wallet', local, '--operator', 'ben']);
    expect(byPhone.code).toBe(0);
    expect(byPhone.out).toContain('Bob Wallet');
    expect(byPhone.out).toContain('1,123.45 USD');

    expect((await ops(['wallet', 'nobody@example.com', '--operator', 'ben'])).code).toBe(1);
    const viewed = await auditOf(t, 'operator_wallet_viewed');
    expect(viewed.map((row) => row.user_id)).toEqual([bob.user.id, alice.user.id]);
    expect(JSON.parse(viewed[0]!.detail!)).toEqual({ operator: 'ben' });
  });

  it('locks a wallet: sign-in refused with account_locked, sessions ended, nothing sent; unlock lets it work again', async () => {
    const owner = await signUp(t.app, { name: 'Locked Owner' });
    const friend = await signUp(t.app);

    const lock = await ops(['lock', owner.email, '--operator', 'cara', '--reason', 'reported stolen phone']);
    expect(lock.code).toBe(0);
    expect((await ops(['wallet', owner.email, '--operator', 'cara'])).out).toContain('LOCKED');

    // The session it had stops working at once, for bearer and cookie alike.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(owner.token) })).statusCode).toBe(401);
    expect((await owner.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    const sent = await send(t, owner, friend, 100);
    expect(sent.statusCode).toBe(401);

    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: owner.email, password: 'not the password' } });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: owner.email, password: owner.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({ code: 'account_locked', message: expect.stringContaining('locked') });
    expect(login.cookies).toHaveLength(0);
    expect(await balanceOf(t.app, friend.token)).toBe(100_000);

    const lockedAudit = (await auditOf(t, 'operator_wallet_locked'))[0];
    expect(lockedAudit).toMatchObject({ user_id: owner.user.id });
    expect(JSON.parse(lockedAudit!.detail!)).toEqual({ operator: 'cara', reason: 'reported stolen phone' });
    expect((await ops(['lock', owner.email, '--operator', 'cara'])).out).toContain('already locked');

    const unlock = await ops(['unlock', owner.phone, '--operator', 'dev']);
    expect(unlock.code).toBe(0);
    // The sessions ended by the lock stay ended; signing in works again and so does sending.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(owner.token) })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: owner.email, password: owner.password } });
    expect(again.statusCode).toBe(200);
    const token = again.json<{ token: string }>().token;
    const resent = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(token), payload: { pin: TEST_PIN, to: friend.phone, amount: 100, reference: '1' } });
    expect(resent.statusCode).toBe(201);
    expect(await balanceOf(t.app, friend.token)).toBe(100_100);
    expect(JSON.parse((await auditOf(t, 'operator_wallet_unlocked'))[0]!.detail!)).toEqual({ operator: 'dev' });
  });

  it('reconciles balanced books, printing what the system accounts issued', async () => {
    const run = await ops(['reconcile', '--operator', 'ana']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('The books balance.');
    expect(run.out).toMatch(/system:welcome-bonus\s+[\d,]+\.00 USD/);
    const users = await t.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    // Every signed-up user got the 1,000 USD bonus (sign-up credits it in tests), and that is all the money there is.
    const issued = `${(Number(users.n) * 1000).toLocaleString('en-US')}.00 USD`;
    expect(run.out).toContain(`Money in wallets: ${issued}`);
    expect(run.out).toMatch(new RegExp(`system:welcome-bonus\\s+${issued.replace('.', '\\.')}`));
    expect(JSON.parse((await auditOf(t, 'operator_reconciled'))[0]!.detail!)).toEqual({ operator: 'ana', differences: '0' });
  });
});

/**
 * Books a test corrupts by hand, as someone with database access would, bypassing the triggers
 * that keep journal rows immutable. Each corruption gets a fresh database and must be caught.
 */
describe(`npm run ops reconcile on corrupted books (${testDatabase})`, () => {
  async function corruptedBooks(corrupt: (t: TestApp, transferId: string, walletId: string) => Promise<void>): Promise<Run> {
    const mailer = new MemoryMailer();
    const t = await createTestApp({ mailer });
    try {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const transfer = await send(t, alice, bob, 5_000);
      expect(transfer.statusCode).toBe(201);
      const ops = opsRunner(t, mailer);
      expect((await ops(['reconcile', '--operator', 'ana'])).code).toBe(0);
      const wallet = await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', bob.user.id).executeTakeFirstOrThrow();
      await corrupt(t, transfer.json<{ id: string }>().id, wallet.id);
      return await ops(['reconcile', '--operator', 'ana']);
    } finally {
      await t.close();
    }
  }

  async function withoutJournalTriggers(t: TestApp, change: () => Promise<unknown>) {
    const db = t.db.kysely;
    if (t.db.dialect === 'postgres') {
      await sql`alter table postings disable trigger postings_immutable`.execute(db);
      await change();
      await sql`alter table postings enable trigger postings_immutable`.execute(db);
    } else {
      await sql`drop trigger postings_no_delete`.execute(db);
      await sql`drop trigger postings_no_update`.execute(db);
      await change();
    }
  }

  it('catches a wallet balance changed without a posting', async () => {
    const run = await corruptedBooks(async (t, _transfer, walletId) => {
      await t.db.kysely.updateTable('accounts').set((eb) => ({ balance: eb('balance', '+', 777) })).where('id', '=', walletId).execute();
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('[wallet_balance]');
    expect(run.err).toContain('difference 777');
  });

  it("catches a wallet whose count of entries (a statement's total) no longer matches its postings", async () => {
    const run = await corruptedBooks(async (t, _transfer, walletId) => {
      await t.db.kysely.updateTable('accounts').set((eb) => ({ entries_in: eb('entries_in', '+', 5) })).where('id', '=', walletId).execute();
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('[entry_count]');
    expect(run.err).not.toContain('[wallet_balance]');
  });

  it('catches a deleted posting', async () => {
    const run = await corruptedBooks(async (t, transferId, walletId) => {
      await withoutJournalTriggers(t, () => t.db.kysely.deleteFrom('postings').where('transfer_id', '=', transferId).where('account_id', '=', walletId).execute());
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('[transfer_postings]');
    expect(run.err).toContain('[journal_sum]');
    expect(run.err).toContain('[wallet_balance]');
  });

  it('catches an unbalanced posting inserted with a matching balance', async () => {
    const run = await corruptedBooks(async (t, transferId, walletId) => {
      // The balance is raised with it, so only the journal's own sums can tell.
      await t.db.kysely
        .insertInto('postings')
        .values({ transfer_id: transferId, account_id: walletId, amount: 900, direction: 'in', balance_after: 0, created_at: new Date().toISOString() })
        .execute();
      await t.db.kysely.updateTable('accounts').set((eb) => ({ balance: eb('balance', '+', 900) })).where('id', '=', walletId).execute();
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('[transfer_postings]');
    expect(run.err).toContain('3 posting(s) summing to 900');
    expect(run.err).toContain('[journal_sum]');
    expect(run.err).not.toContain('[wallet_balance]');
  });

  it('catches a posting whose amount was rewritten on both sides', async () => {
    const run = await corruptedBooks(async (t, transferId) => {
      await withoutJournalTriggers(t, async () => {
        await sql`update postings set amount = amount * 2 where transfer_id = ${transferId}`.execute(t.db.kysely);
      });
    });
    expect(run.code).toBe(1);
    expect(run.err).toContain('[transfer_amount]');
    expect(run.err).toContain('[wallet_balance]');
  });
});

describe(`npm run ops: a number shared by unproven accounts (${testDatabase})`, () => {
  // An app of its own: the bonus paid here would change the books the reconcile test reads.
  let t: TestApp;
  let ops: ReturnType<typeof opsRunner>;
  beforeAll(async () => {
    const mailer = new MemoryMailer();
    t = await createTestApp({ mailer });
    ops = opsRunner(t, mailer);
  });
  afterAll(() => t.close());

  it('names its proven holder, or its only holder, or none: the operator is told to use the e-mail', async () => {
    const first = await signUp(t.app, { name: 'First Typist', provePhone: false });
    t.clock.advance(60_000); // one code a minute per number
    const only = await ops(['wallet', first.phone, '--operator', 'ben']);
    expect(only.code).toBe(0);
    expect(only.out).toContain('First Typist');
    const second = await signUp(t.app, { name: 'Second Typist', phone: first.phone, provePhone: false });
    const shared = await ops(['lock', first.phone, '--operator', 'ben']);
    expect(shared.code).toBe(2);
    expect(shared.err).toContain('name the wallet by its e-mail address');
    expect(shared.err).toContain(second.email);
    expect(await t.db.kysely.selectFrom('users').select('id').where('locked_at', 'is not', null).execute()).toEqual([]);
    // Once one of them proves it, the number names that account.
    const proof = await t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', headers: bearer(second.token), payload: { code: latestCodeTo(t.app, second.phone) } });
    expect(proof.statusCode).toBe(200);
    const proven = await ops(['wallet', first.phone, '--operator', 'ben']);
    expect(proven.code).toBe(0);
    expect(proven.out).toContain('Second Typist');
  });
});
