import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/http-client.js';
import { resetLinkIn } from '../test/mail.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitUntil<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('password reset mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'https://wallet.poisha.example' },
      mailer: 'from-config',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a working single-use link, and no log line holds the token or the password', async () => {
    expect(t.mailer.outboxDir).toBeNull();
    const user = await signUp(t.app, { email: 'smtp.user@example.com' });

    const request = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email } });
    expect(request.statusCode).toBe(202);
    const mail = await waitUntil(() => smtp.received.find((message) => message.to.includes(user.email)));
    expect(mail.raw).toContain('Subject: Reset your Poisha password');
    const { link, token } = resetLinkIn(mail.raw);
    expect(link.startsWith('https://wallet.poisha.example/resetpassword#token=')).toBe(true);

    const confirm = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password: 'fresh password 42' } });
    expect(confirm.statusCode).toBe(204);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'fresh password 42' } });
    expect(login.statusCode).toBe(200);

    const logs = t.logs.join('\n');
    expect(logs).toContain('"reqId"');
    for (const secret of [token, user.token, login.json().token, user.password, 'fresh password 42']) {
      expect(logs).not.toContain(secret);
    }
  });
});

describe('development mail (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: 'from-config' });
  });
  afterAll(() => t.close());

  it('writes an .eml file under the data folder and logs the link for the developer', async () => {
    const mailer = t.mailer;
    await mailer.send({ to: 'dev@example.com', subject: 'Hello', text: 'Open http://localhost:3000/resetpassword#token=abc123 now' });
    const outbox = path.join(t.config.DATA_DIR, 'mail');
    expect(mailer.outboxDir).toBe(outbox);
    const files = fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toContain('To: dev@example.com');
    expect(resetLinkIn(raw).token).toBe('abc123');
    expect(t.logs.join('\n')).toContain('http://localhost:3000/resetpassword#token=abc123');
  });
});
