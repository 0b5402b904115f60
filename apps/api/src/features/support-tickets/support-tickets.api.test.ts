import { describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, TEST_PIN } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { createSupportTicketsService } from './support-tickets.service.js';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer, env: { SUPPORT_EMAIL: 'help@poisha.example', HELP_LINE_PHONE: '+8809612000111' } });

async function firstTransferOf(token: string): Promise<string> {
  const statement = await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=all', headers: bearer(token) });
  return statement.json().items[0].transferId as string;
}

describe('support tickets', () => {
  it('are opened about no particular transaction when the form sends an empty choice', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'A question', category: 'other', message: 'How do limits work?', transactionId: '' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().transaction).toBeNull();
  });

  it('are opened about a transaction of the statement, listed with status, and mailed to support', async () => {
    const user = await signUp(t.app, { name: 'Ticket Person' });
    const transferId = await firstTransferOf(user.token);
    const response = await user.browser.request({
      method: 'POST',
      url: '/api/v1/support-tickets',
      payload: { subject: ' Bonus missing ', category: 'deposit', message: 'Where is it?', transactionId: transferId },
    });
    expect(response.statusCode).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      subject: 'Bonus missing',
      category: 'deposit',
      status: 'open',
      transaction: { id: transferId, type: 'welcome_bonus', amount: { amount: 100_000, currency: 'USD' } },
      messages: [{ author: 'user', body: 'Where is it?' }],
    });
    const mail = await mailer.waitFor('help@poisha.example');
    expect(mail.subject).toContain('Bonus missing');
    expect(mail.text).toContain('Ticket Person');
    expect(mail.text).toContain(transferId);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/support-tickets', headers: bearer(user.token) });
    expect(list.json()).toMatchObject({ total: 1, page: 0, pageSize: 5, pageCount: 1, items: [{ id: ticket.id, status: 'open' }] });
  });

  it('have a thread: replies, answers, and closing', async () => {
    const user = await signUp(t.app);
    const ticket = (await user.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'Card', category: 'card', message: 'First' } })).json();
    expect(ticket.transaction).toBeNull();
    const service = createSupportTicketsService({ db: t.db.kysely, mailer, supportEmail: 'help@poisha.example', publicUrl: 'http://x', log: t.app.log });
    t.clock.advance(1000);
    await service.answer(ticket.id, 'We are looking at it', t.clock());
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${ticket.id}`, headers: bearer(user.token) })).json().status).toBe('answered');

    t.clock.advance(1000);
    mailer.sent.length = 0;
    const reply = await user.browser.request({ method: 'POST', url: `/api/v1/support-tickets/${ticket.id}/messages`, payload: { message: 'Thanks!' } });
    expect(reply.statusCode).toBe(201);
    expect((await mailer.waitFor('help@poisha.example')).text).toContain('Thanks!');
    const thread = (await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${ticket.id}`, headers: bearer(user.token) })).json();
    expect(thread.status).toBe('open');
    expect(thread.messages.map((message: { author: string; body: string }) => [message.author, message.body])).toEqual([
      ['user', 'First'],
      ['support', 'We are looking at it'],
      ['user', 'Thanks!'],
    ]);

    const closed = await user.browser.request({ method: 'POST', url: `/api/v1/support-tickets/${ticket.id}/close` });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await user.browser.request({ method: 'POST', url: `/api/v1/support-tickets/${ticket.id}/close` })).json().status).toBe('closed');
    const late = await user.browser.request({ method: 'POST', url: `/api/v1/support-tickets/${ticket.id}/messages`, payload: { message: 'One more' } });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.code).toBe('ticket_closed');
  });

  it("are invisible to other users: another user's ticket is not found and nothing changes", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const ticket = (await owner.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'Mine', category: 'other', message: 'Private' } })).json();
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/support-tickets/${ticket.id}` },
      { method: 'POST' as const, url: `/api/v1/support-tickets/${ticket.id}/messages`, payload: { message: 'Hijack' } },
      { method: 'POST' as const, url: `/api/v1/support-tickets/${ticket.id}/close` },
    ]) {
      const response = await other.browser.request(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/support-tickets', headers: bearer(other.token) })).json().total).toBe(0);
    const untouched = (await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${ticket.id}`, headers: bearer(owner.token) })).json();
    expect(untouched.status).toBe('open');
    expect(untouched.messages).toHaveLength(1);
  });

  it("refuse a transaction that is not in the user's statement", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(owner.token), payload: { pin: TEST_PIN, to: (await signUp(t.app)).phone, amount: 500, reference: '7' } });
    expect(paid.statusCode).toBe(201);
    for (const transactionId of [paid.json().id, 'no-such-transfer', await firstTransferOf(owner.token)]) {
      const response = await other.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'S', category: 'transfer', message: 'M', transactionId } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.transactionId).toBe('This transaction is not in your statement');
    }
    expect((await t.db.kysely.selectFrom('support_tickets').select('id').where('user_id', '=', other.user.id).execute())).toEqual([]);
  });

  it.each([
    ['no subject', { category: 'other', message: 'M' }, 'subject', 'Subject is required'],
    ['an unknown category', { subject: 'S', category: 'lottery', message: 'M' }, 'category', 'Choose a category'],
    ['an empty message', { subject: 'S', category: 'other', message: '   ' }, 'message', 'Message is required'],
    ['a long message', { subject: 'S', category: 'other', message: 'x'.repeat(4001) }, 'message', 'Message must be at most 4000 characters'],
  ])('refuse %s', async (_label, payload, field, message) => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('need a session, the CSRF token and valid paging', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/support-tickets' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'S', category: 'other', message: 'M' } })).statusCode).toBe(401);
    expect((await user.browser.request({ method: 'POST', url: '/api/v1/support-tickets', payload: { subject: 'S', category: 'other', message: 'M' }, withCsrf: false })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/support-tickets?page=-1', headers: bearer(user.token) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${'x'.repeat(65)}`, headers: bearer(user.token) })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/help-line', () => {
  it('answers the configured number, as dialled and as shown', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/help-line' });
    expect(response.json()).toEqual({ phone: '+8809612000111', display: '+880 9612 000111' });
  });
});
