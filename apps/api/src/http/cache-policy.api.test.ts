import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, realImage } from '../test/images.js';
import { bearer, signUp, type SignedUp } from '../test/http-client.js';
import { loadOperations, urlOf, type Operation } from '../test/openapi.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CACHEABLE_API_ANSWERS, NO_STORE } from './cache-policy.js';

let t: TestApp;
let user: SignedUp;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
  operations = await loadOperations(t.app);
});
afterAll(() => t.close());

/** docs/api.md's Caching table: "METHOD path" (OpenAPI form) → Cache-Control. */
function documentedPolicy(): { cacheable: Record<string, string>; otherwise: string } {
  const doc = fs.readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
  const section = doc.split('\n## Caching\n')[1]?.split('\n## ')[0];
  if (!section) throw new Error('docs/api.md has no Caching section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| operation '))
    .map((line) => line.split('|').map((cell) => cell.trim().replaceAll('`', '')))
    .map(([, operation, cacheControl]) => [operation!, cacheControl!] as const);
  const otherwise = rows.find(([operation]) => operation.startsWith('every other answer'));
  if (!otherwise) throw new Error('the Caching table has no row for every other answer');
  return { cacheable: Object.fromEntries(rows.filter((row) => row !== otherwise)), otherwise: otherwise[1] };
}

const openApiForm = (key: string) => key.replace(/:(\w+)/g, '{$1}');
/** A value for a path parameter: a well-formed id that names nothing. */
const placeholder = (name: string) => (name === 'file' ? '00000000-0000-7000-8000-000000000000.webp' : '00000000-0000-7000-8000-000000000000');

describe('Cache-Control of every /api answer', () => {
  it('is the table docs/api.md documents, and the code holds the same table', () => {
    const documented = documentedPolicy();
    expect(documented.otherwise).toBe(NO_STORE);
    expect(documented.cacheable).toEqual(Object.fromEntries(Object.entries(CACHEABLE_API_ANSWERS).map(([key, value]) => [openApiForm(key), value])));
  });

  it('follows the documented policy on every operation, signed in or not, success or error', async () => {
    const { cacheable, otherwise } = documentedPolicy();
    // A real photo, so that its success is checked too, not only its 404.
    const body = multipart('photo', { name: 'me.png', type: 'image/png', content: await realImage('png', 300, 300) });
    const uploaded = await user.browser.request({ method: 'PUT', url: '/api/v1/me/photo', payload: body.payload, headers: body.headers });
    const photoFile = (uploaded.json().photoUrl as string).split('/').pop()!;

    const seen: { key: string; status: number; cacheControl: string | undefined; expected: string }[] = [];
    for (const operation of operations) {
      const params = Object.fromEntries(operation.pathParams.map((name) => [name, name === 'file' ? photoFile : placeholder(name)]));
      const url = urlOf(operation, params);
      const attempts = [t.app.inject({ method: operation.method, url })];
      // Reading changes nothing, so every GET is asked signed in as well.
      if (operation.method === 'GET') attempts.push(t.app.inject({ method: 'GET', url, headers: bearer(user.token) }));
      for (const answer of await Promise.all(attempts)) {
        const success = answer.statusCode >= 200 && answer.statusCode < 300;
        const expected = success ? (cacheable[operation.key] ?? otherwise) : otherwise;
        seen.push({ key: operation.key, status: answer.statusCode, cacheControl: answer.headers['cache-control'] as string | undefined, expected });
      }
    }
    expect(seen.filter((answer) => answer.cacheControl !== answer.expected)).toEqual([]);
    // Each cacheable answer was met as a success (not only as an error that is never stored).
    for (const key of Object.keys(cacheable)) expect(seen.some((answer) => answer.key === key && answer.status === 200)).toBe(true);
    expect(operations.length).toBeGreaterThan(50);
  });
});
