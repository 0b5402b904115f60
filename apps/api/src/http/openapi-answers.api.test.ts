import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { moneyHeaders, signUp } from '../test/http-client.js';
import { responseChecker } from '../test/openapi-responses.js';
import { testAppForFile } from '../test/test-app-for-file.js';

const t = await testAppForFile();
const alice = await signUp(t.app);

/** An answer as light-my-request gives it, for the checker alone. */
const answer = (statusCode: number, contentType: string | null, body: string) =>
  ({ statusCode, headers: contentType ? { 'content-type': contentType } : {}, rawPayload: Buffer.from(body), json: () => JSON.parse(body) }) as unknown as LightMyRequestResponse;

describe('answers checked against the OpenAPI document', () => {
  it('finds what Prism found in the document before issue 24: a CSV declared as JSON, a 204 declared with a JSON body', () => {
    const before = responseChecker({
      paths: {
        '/api/v1/statement.csv': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'string' } } } } } } },
        '/api/v1/favourites/{id}': { delete: { responses: { '204': { content: { 'application/json': { schema: { type: 'string', nullable: true, enum: [null] } } } } } } },
      },
    });
    expect(before('GET', '/api/v1/statement.csv?type=all', answer(200, 'text/csv; charset=utf-8', 'Date\r\n'))).toEqual([
      'GET /api/v1/statement.csv → 200: sent text/csv, declared application/json',
    ]);
    expect(before('DELETE', '/api/v1/favourites/abc', answer(204, null, ''))).toEqual(['DELETE /api/v1/favourites/{id} → 204: sent no content type, declared application/json']);
  });

  it('finds a status the operation does not declare and a body that breaks its schema', async () => {
    const check = responseChecker((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    expect(check('GET', '/api/v1/rates', answer(404, 'application/json', '{}'))[0]).toContain('status not declared');
    expect(check('GET', '/api/v1/rates', answer(200, 'application/json', '{"BDT":{"USD":0.011}}'))[0]).toContain('body does not match the declared schema');
    expect(check('GET', '/api/v1/rates', answer(200, 'application/json', '{"BDT":{"USD":"0.011"}}'))).toEqual([]);
  });

  it('passes the real answers of the operations Prism flagged (every test app checks every answer)', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/favourites', headers: moneyHeaders(alice.token), payload: { name: 'Friend', phone: (await signUp(t.app)).phone, origin: 'Dhaka' } });
    expect(sent.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${sent.json().id}`, headers: moneyHeaders(alice.token) })).statusCode).toBe(204);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/statement.csv', headers: moneyHeaders(alice.token) });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
