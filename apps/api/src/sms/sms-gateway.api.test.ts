import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@poisha/contracts';
import { bearer, newUserInput } from '../test/http-client.js';
import { codeIn } from '../test/sms.js';
import { createTestApp, digitsLogged, type TestApp } from '../test/test-app.js';

/** An SMS gateway on this machine: what it was sent, and the status it answers with. */
const received: Array<{ authorization: string | undefined; contentType: string | undefined; body: { to: string; text: string } }> = [];
let answerStatus = 200;
const gateway = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ authorization: request.headers.authorization, contentType: request.headers['content-type'], body: JSON.parse(body) as { to: string; text: string } });
    response.writeHead(answerStatus).end();
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  t = await createTestApp({ sms: 'from-config', env: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/send`, SMS_GATEWAY_KEY: 'a-key-the-gateway-gave-us' } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

describe('the HTTP SMS gateway (SMS_GATEWAY_URL)', () => {
  it('posts the code as JSON with the key as a bearer token, and the code from it proves the number', async () => {
    const input = newUserInput();
    const signup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input });
    expect(signup.statusCode).toBe(201);
    const sent = received.findLast((message) => message.body.to === input.phone)!;
    expect(sent).toMatchObject({ authorization: 'Bearer a-key-the-gateway-gave-us', contentType: 'application/json' });
    expect(sent.body.text).toMatch(/^Poisha code: \d{6}\. It works for 10 minutes\./);
    const code = codeIn(sent.body.text);
    const log = t.logs.join('\n');
    expect(log).toContain('sms sent');
    expect(digitsLogged(log, code)).toBe(false);
    expect(log).not.toContain(input.phone);
    const proof = await t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', headers: bearer(signup.json<{ token: string }>().token), payload: { code } });
    expect(proof.json<{ user: User }>().user.phoneVerified).toBe(true);
  });

  it('writes nothing to DATA_DIR/sms', () => {
    expect(t.app.services.sms.outboxDir).toBeNull();
  });

  it('a refusal by the gateway is logged, and the sign-up still stands', async () => {
    answerStatus = 503;
    try {
      const signup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput() });
      expect(signup.statusCode).toBe(201);
      expect(t.logs.join('\n')).toContain('SMS gateway answered 503');
    } finally {
      answerStatus = 200;
    }
  });
});
