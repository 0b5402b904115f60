import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from './test/http-client.js';
import { createTestApp, type TestApp } from './test/test-app.js';
import { BANKS } from './seed/reference-data.js';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Poisha</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.map'), '{"sources":["../src/secret.ts"]}');
  // The compressed copies the web build writes beside its text files (apps/web/scripts/compress.ts).
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync('<!doctype html><title>Poisha</title><div id="root"></div>'));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('platform', () => {
  it('answers the health check when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document with every auth endpoint and the UI', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    for (const route of ['/api/v1/auth/signup', '/api/v1/auth/login', '/api/v1/auth/logout', '/api/v1/auth/password-reset', '/api/v1/auth/password-reset/confirm', '/api/v1/me', '/api/health']) {
      expect(Object.keys(document.paths)).toContain(route);
    }
    expect(document.paths['/api/v1/auth/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'phone']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('gives every answer a request id, keeping a well-formed one sent by the caller', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers['x-request-id']).toBe('trace-42');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n{"x":1}' } });
    // A fresh UUID instead (not "does not contain 'bad'": a random UUID sometimes does, as b-a-d are hex digits).
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(t.logs.some((line) => JSON.parse(line).reqId === 'trace-42')).toBe(true);
  });

  it('lists the banks in their fixed order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/banks' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((bank: { name: string }) => bank.name)).toEqual(BANKS);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist?token=secret' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/v1/does-not-exist' } });
    expect(t.logs.join('\n')).not.toContain('token=secret');
  });

  it('serves the web app for page paths and caches hashed assets for a year', async () => {
    for (const url of ['/', '/dashboard/TransitionHistory', '/resetpassword', '/dashboard/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A page's form the browser sent itself (decision 0036) goes back to the page, its body unread.
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe('/dashboard');
  });

  it('sends the build\'s Brotli or gzip copy of a file to a browser that accepts it, the file itself otherwise', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // The app's page for a client-side route, through the not-found handler's sendFile.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toContain('text/html');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    // Only the copies are compressed: a source map stays refused whatever the encoding.
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/', '/api/health']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy).toContain(feature);
    }
  });

  it('never serves source maps, and answers a missing asset 404 rather than the page', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/missing-123.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret.ts');
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('tells caches to keep no API answer: personal data, errors and public lists alike', async () => {
    const user = await signUp(t.app);
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/statement', headers: bearer(user.token) }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/banks' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
    ];
    expect(answers.map((answer) => answer.headers['cache-control'])).toEqual(Array(answers.length).fill('no-store'));
  });

  it('gives a request a minute to arrive and closes a connection silent for a minute', () => {
    expect(t.app.server.requestTimeout).toBe(60_000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});
