import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_DATA_ELEMENT_ID, sessionResponseSchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/http-client.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SHELL = '<!doctype html><html><head><title>Poisha</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The session data block of a page, as the web app reads it (JSON.parse of the element's text), or null. */
function sessionInPage(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('the app page of a signed-in visitor carries their session (decision 0021)', () => {
  it('puts exactly the API\'s session answer into the page, for that visitor only and never to be cached', async () => {
    const { browser } = await signUp(t.app);
    const page = await browser.request({ method: 'GET', url: '/dashboard' });
    const api = await browser.request({ method: 'GET', url: '/api/v1/auth/session' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers.vary)).toContain('Cookie');
    expect(page.body).toContain('<div id="root"></div>');
    const data = sessionInPage(page.body);
    expect(data).toEqual(api.json());
    expect(sessionResponseSchema.parse(data)).toEqual(data);
    // The data block is not a script that runs: the policy stays script-src 'self', nothing inline.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline\'; script');
    expect(page.body.match(/<script/g)).toHaveLength(1);
  });

  it('gives every other page path the plain shell, cached only after asking: signed out, an unknown or ended session, a HEAD request', async () => {
    const { browser } = await signUp(t.app);
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toContain('Cookie');
    expect(sessionInPage(anonymous.body)).toBeNull();

    const head = await browser.request({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');

    const unknown = await t.app.inject({ method: 'GET', url: '/dashboard', cookies: { poisha_session: 'not-a-session' } });
    expect(unknown.statusCode).toBe(200);
    expect(sessionInPage(unknown.body)).toBeNull();

    await browser.request({ method: 'POST', url: '/api/v1/auth/logout' });
    const signedOut = await browser.request({ method: 'GET', url: '/dashboard/sendMoney' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    expect(sessionInPage(signedOut.body)).toBeNull();
  });

  it('gives an idle-expired session the plain shell', async () => {
    const { browser } = await signUp(t.app);
    t.clock.advance(11 * 60 * 1000);
    const page = await browser.request({ method: 'GET', url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(sessionInPage(page.body)).toBeNull();
    expect((await browser.request({ method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(401);
  });

  it('writes < as \\u003c, so no name can close the data block, and reads back the same', async () => {
    const name = 'Rahim </script><script>alert(1)</script>';
    const { browser } = await signUp(t.app, { name });
    const page = await browser.request({ method: 'GET', url: '/dashboard' });
    expect(page.body).not.toContain('</script><script>alert');
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect((sessionInPage(page.body) as { user: { name: string } }).user.name).toBe(name);
  });
});
