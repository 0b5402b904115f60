import { CSRF_HEADER } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { newUserInput } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile({ env: { PUBLIC_URL: 'https://wallet.poisha.example' } });

describe('session cookies behind HTTPS', () => {
  it('carry the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput() });
    expect(response.statusCode).toBe(201);
    // The device cookie (decision 0011) too: it lets its browser sign in while strangers are locked out.
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual(['__Host-poisha_csrf', '__Host-poisha_device', '__Host-poisha_session']);
    expect(response.cookies.find((cookie) => cookie.name === '__Host-poisha_device')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    for (const cookie of response.cookies) {
      expect(cookie).toMatchObject({ secure: true, path: '/' });
      expect(cookie.domain).toBeUndefined();
    }
  });

  it('are the only cookies that sign a request in, with the CSRF token from the prefixed cookie', async () => {
    const signup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput() });
    const session = signup.cookies.find((cookie) => cookie.name === '__Host-poisha_session')!.value;
    const csrf = signup.cookies.find((cookie) => cookie.name === '__Host-poisha_csrf')!.value;

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { '__Host-poisha_session': session } })).statusCode).toBe(200);
    // A cookie without the prefix could have been planted by a sibling subdomain or a plain-HTTP page.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { poisha_session: session } })).statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { '__Host-poisha_session': session, '__Host-poisha_csrf': csrf }, headers: { [CSRF_HEADER]: csrf } });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.filter((cookie) => cookie.value === '').map((cookie) => cookie.name).sort()).toEqual(['__Host-poisha_csrf', '__Host-poisha_session']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { '__Host-poisha_session': session } })).statusCode).toBe(401);
  });
});
