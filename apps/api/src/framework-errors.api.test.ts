import net from 'node:net';
import { errorBodySchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from './test/http-client.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

/** The API.md error body, and nothing of Fastify's own shape (`statusCode`, a string `error`). */
function expectApiError(text: string, code: string) {
  const parsed = JSON.parse(text) as unknown;
  expect(errorBodySchema.strict().parse(parsed).error.code).toBe(code);
}

/** Sends raw bytes over a socket and reads the whole answer: what Node's HTTP parser itself refuses. */
async function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('errors the framework meets before a route runs', () => {
  it.each([
    ['a malformed percent-escape in an id', 'DELETE', '/api/v1/bank-accounts/%ff'],
    ['a truncated percent-escape', 'GET', '/api/v1/deposits/paypal/orders/%E0%A4%A'],
    ['a path parameter over the router’s length limit', 'GET', `/api/v1/deposits/paypal/orders/${'a'.repeat(500)}`],
    ['a malformed escape in a page path', 'GET', '/dashboard/%ff'],
  ])('answer %s with 400 validation_failed in the API format', async (_what, method, url) => {
    for (const headers of [{}, bearer(user.token)]) {
      const response = await t.app.inject({ method: method as 'GET', url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expectApiError(response.body, 'validation_failed');
    }
  });

  it('answer a request Node cannot parse in the API format, and close the connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expectApiError(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'validation_failed');
  });
});
