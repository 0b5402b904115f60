import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newUserInput, signUp } from '../test/http-client.js';
import { readMail } from '../test/mail.js';
import { testAppForFile } from '../test/test-app-for-file.js';

/** Every mail in its reader's language, read back from the files in DATA_DIR/mail (issue 24, defect 15). */
const t = await testAppForFile({ mailer: 'from-config', env: { EMAIL_VERIFICATION: 'required', SIGNUP_RATE_LIMIT: '0' } });

/** The newest mail written to the outbox for `to`, decoded. */
async function newestMailTo(to: string): Promise<{ subject: string; text: string }> {
  const outbox = t.mailer.outboxDir!;
  const deadline = Date.now() + 5000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort().reverse() : [];
    for (const name of names) {
      const raw = fs.readFileSync(path.join(outbox, name), 'utf8');
      if (new RegExp(`^To: .*${to.replaceAll('.', '\\.')}`, 'im').test(raw)) return readMail(raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const countMailsTo = (to: string) =>
  fs.existsSync(t.mailer.outboxDir!) ? fs.readdirSync(t.mailer.outboxDir!).filter((name) => new RegExp(`^To: .*${to}`, 'im').test(fs.readFileSync(path.join(t.mailer.outboxDir!, name), 'utf8'))).length : 0;

const BANGLA = /[\u0980-\u09ff]/;

describe('mails in the reader’s language (issue 24, defect 15)', () => {
  it('a user who signed up in Bangla gets the verification and reset mails in Bangla', async () => {
    const input = newUserInput({ name: 'রহিমা বেগম' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { ...input, language: 'bn' } });
    expect(response.statusCode).toBe(201);
    const verification = await newestMailTo(input.email);
    expect(verification.subject).toBe('পয়সায় আপনার ই-মেইল ঠিকানা যাচাই করুন');
    expect(verification.text).toContain('প্রিয় রহিমা বেগম,');
    expect(verification.text).toMatch(/\/verify-email#token=/);
    expect(verification.text).not.toMatch(/Hello|Open this link/);

    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: input.email } })).statusCode).toBeLessThan(300);
    await expect.poll(() => countMailsTo(input.email)).toBe(2);
    const reset = await newestMailTo(input.email);
    expect(reset.subject).toBe('আপনার পয়সা পাসওয়ার্ড রিসেট করুন');
    expect(reset.text).toMatch(/\/resetpassword#token=/);
  });

  it('switching the app’s language switches the mails; an unknown language is refused', async () => {
    const user = await signUp(t.app, { name: 'Karim Mia' });
    expect((await newestMailTo(user.email)).subject).toBe('Verify your e-mail address for Poisha');
    expect((await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { language: 'bn' } })).statusCode).toBe(200);
    expect((await t.db.kysely.selectFrom('users').select('language').where('id', '=', user.user.id).executeTakeFirstOrThrow()).language).toBe('bn');
    const changed = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword: 'tea garden sunrise 1971' } });
    expect(changed.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await newestMailTo(user.email)).subject).toBe('আপনার পয়সা পাসওয়ার্ড বদলানো হয়েছে');
    expect((await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { language: 'fr' } })).statusCode).toBe(400);
  });

  it('GET LINK and the contact form mail in the language of the page they were sent from', async () => {
    const email = `visitor.${Date.now()}@example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email, language: 'bn' } })).statusCode).toBe(202);
    const link = await newestMailTo(email);
    expect(link.subject).toBe('পয়সার লিংক');
    expect(link.text).toMatch(BANGLA);
    expect(link.text).toContain('http');

    const english = `visitor.en.${Date.now()}@example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/app-link', payload: { email: english } })).statusCode).toBe(202);
    expect((await newestMailTo(english)).subject).toBe('Your link to Poisha');

    const writer = `writer.${Date.now()}@example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'রহিম', email: writer, message: 'হ্যালো', language: 'bn' } })).statusCode).toBe(202);
    expect((await newestMailTo(writer)).subject).toBe('আমরা আপনার বার্তা পেয়েছি');
  });

  it('the one-time sign-in code comes in the user’s language, its digits as typed', async () => {
    const input = newUserInput({ name: 'সালমা খাতুন' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { ...input, language: 'bn' } })).statusCode).toBe(201);
    await expect.poll(() => countMailsTo(input.email)).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-code', payload: { email: input.email } })).statusCode).toBeLessThan(300);
    await expect.poll(() => countMailsTo(input.email)).toBe(2);
    const mail = await newestMailTo(input.email);
    expect(mail.subject).toMatch(/^\d{6} আপনার পয়সা সাইন-ইন কোড$/);
    expect(mail.text).toContain('প্রিয় সালমা খাতুন,');
    expect(mail.text).not.toMatch(/Hello|Someone asked/);
  });
});
