import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { bearer, signUp } from '../../test/http-client.js';
import { createTestApp, MemoryMailer, type TestApp } from '../../test/test-app.js';

/** A mailer that can be told to fail, like an SMTP server that is down. */
class SwitchableMailer extends MemoryMailer implements Mailer {
  failing = false;
  override async send(message: MailMessage) {
    if (this.failing) throw new Error('SMTP server unavailable');
    await super.send(message);
  }
}

let t: TestApp;
let mailer: SwitchableMailer;
beforeAll(async () => {
  mailer = new SwitchableMailer();
  t = await createTestApp({ mailer, env: { SUPPORT_EMAIL: 'help@poisha.example', PUBLIC_URL: 'https://wallet.poisha.example' } });
});
afterAll(() => t.close());

describe('reviews', () => {
  it('are written by signed-in users under their name and read by anyone, newest first', async () => {
    const authors = [];
    for (let index = 1; index <= 7; index += 1) {
      const author = await signUp(t.app, { name: `Reviewer ${index}` });
      authors.push(author);
      const response = await author.browser.request({ method: 'POST', url: '/api/v1/reviews', payload: { star: (index % 5) + 1, text: `Review number ${index}` } });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: `Reviewer ${index}`, star: (index % 5) + 1, text: `Review number ${index}` });
      t.clock.advance(1000);
    }
    const newest = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews?limit=6' })).json();
    expect(newest.map((review: { name: string }) => review.name)).toEqual(['Reviewer 7', 'Reviewer 6', 'Reviewer 5', 'Reviewer 4', 'Reviewer 3', 'Reviewer 2']);
    const byDefault = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews' })).json();
    expect(byDefault).toHaveLength(6);
  });

  it.each([
    ['no star', { text: 'good' }, 'star', 'number is required'],
    ['a star of 6', { star: 6, text: 'good' }, 'star', 'Rate from 1 to 5 stars'],
    ['half a star', { star: 3.5, text: 'good' }, 'star', 'Only Number is allowed'],
    ['a star as text', { star: '5', text: 'good' }, 'star', 'number is required'],
    ['no feedback', { star: 5, text: '  ' }, 'text', 'feedback is required'],
    ['feedback over 1000 characters', { star: 5, text: 'x'.repeat(1001) }, 'text', 'Feedback must be at most 1000 characters'],
  ])('refuse %s', async (_label, payload, field, message) => {
    const author = await signUp(t.app);
    const response = await author.browser.request({ method: 'POST', url: '/api/v1/reviews', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('need a signed-in author and a sane limit', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: 'hi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews?limit=500' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews?limit=0' })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/contact', () => {
  it('stores the message and mails it to the support inbox', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'Karim', email: 'Karim@Example.com', message: 'My deposit is late' }, remoteAddress: '198.51.100.10' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Mail Sent' });
    const mail = await mailer.waitFor('help@poisha.example');
    expect(mail.text).toContain('karim@example.com');
    expect(mail.text).toContain('My deposit is late');
    const confirmation = await mailer.waitFor('karim@example.com');
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.text).not.toContain('My deposit is late');
    const stored = await t.db.kysely.selectFrom('contact_messages').selectAll().where('email', '=', 'karim@example.com').execute();
    expect(stored).toEqual([expect.objectContaining({ name: 'Karim', delivered: 1 })]);
  });

  it('confirms to the address typed in without echoing a word the visitor wrote (no spam relay)', async () => {
    const spam = { name: 'Cheap pills at spam.example', email: 'stranger@example.com', message: 'Visit http://spam.example/pills today' };
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: spam, remoteAddress: '198.51.100.14' });
    expect(response.statusCode).toBe(202);
    expect((await mailer.waitFor('help@poisha.example')).text).toContain(spam.message);
    const confirmation = await mailer.waitFor('stranger@example.com');
    expect(confirmation.subject).toBe('We received your message');
    expect(confirmation.text).toBe(
      'Hello,\n\nThank you for writing to Poisha. We received your message through the contact form on our website and will answer at this address.\n\nIf you did not write to us, ignore this mail.',
    );
    expect(`${confirmation.subject}\n${confirmation.text}\n${confirmation.html ?? ''}`).not.toContain('spam.example');
  });

  it('tells the person when the mail cannot be sent, keeping the message', async () => {
    mailer.failing = true;
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'Rina', email: 'rina@example.com', message: 'Hello' }, remoteAddress: '198.51.100.11' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('mail_unavailable');
      const stored = await t.db.kysely.selectFrom('contact_messages').select('delivered').where('email', '=', 'rina@example.com').execute();
      expect(stored).toEqual([{ delivered: 0 }]);
    } finally {
      mailer.failing = false;
    }
  });

  it('validates every field and limits how often one address may write', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: '', email: 'x', message: '' }, remoteAddress: '198.51.100.12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'message', 'name']);
    const statuses = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'Spam', email: 'spam@example.com', message: 'buy' }, remoteAddress: '198.51.100.13' });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});

describe('POST /api/v1/app-link', () => {
  it('mails the link to the app, at most three times an hour per address', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: 'visitor@example.com' }, remoteAddress: '198.51.100.20' });
    expect(response.statusCode).toBe(202);
    const mail = await mailer.waitFor('visitor@example.com');
    expect(mail.subject).toBe('Your link to Poisha');
    expect(mail.text).toContain('https://wallet.poisha.example/');
    await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: 'visitor@example.com' }, remoteAddress: '198.51.100.21' });
    await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: 'visitor@example.com' }, remoteAddress: '198.51.100.22' });
    const fourth = await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: 'visitor@example.com' }, remoteAddress: '198.51.100.23' });
    expect(fourth.statusCode).toBe(429);
  });

  it('refuses something that is not an e-mail address', async () => {
    for (const payload of [{}, { email: '' }, { email: 'not an address' }, { email: 42 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.email).toBeDefined();
    }
  });

  it('is public: no session needed, and a signed-in visitor works too', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: 'friend@example.com' }, headers: bearer(user.token) });
    expect(response.statusCode).toBe(202);
  });
});
