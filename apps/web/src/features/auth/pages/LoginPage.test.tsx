// @vitest-environment jsdom
import type { SessionResponse } from '@poisha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';
import { testUser } from '../../../test/users';
import { componentTestHooks, jsonResponse } from '../../../test/component';

/**
 * "Sign in with a passkey" on the login page (decision 0045), against a fake API, with
 * @simplewebauthn/browser replaced (jsdom has no authenticator).
 */

const webauthn = vi.hoisted(() => ({ supported: true, startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
}));

const user = testUser();
const session: SessionResponse = { user, idleExpiresAt: '2099-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeoutSeconds: 900 };
const signInOptions = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [], userVerification: 'required', rpId: 'localhost' };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
};
const refused = 'This passkey could not sign you in. Try again, or sign in with your password.';

type Call = { method: string; path: string; body: unknown };
const json = jsonResponse;

/** Signed out until POST /auth/passkey answers `signIn`. */
function fakeApi(signIn: () => Response) {
  const calls: Call[] = [];
  let signedIn = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? (JSON.parse(init.body as string) as unknown) : undefined });
    if (path === '/auth/session') return signedIn ? json(200, session) : json(401, { error: { code: 'unauthenticated', message: 'Sign in first' } });
    if (path === '/auth/passkey/options') return json(200, signInOptions);
    if (path === '/auth/passkey') {
      const answer = signIn();
      signedIn = answer.ok;
      return answer;
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return calls;
}

function renderLogin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: { pathname: '/dashboard/sendMoney', search: '', hash: '' } } }]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/dashboard/sendMoney" element={<p>Send Money page</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const inLanguage = componentTestHooks({
  namespaces: ['common', 'validation', 'auth'],
  beforeEachTest: () => {
    webauthn.supported = true;
    webauthn.startAuthentication.mockReset();
  },
});

describe('LoginPage: Sign in with a passkey', () => {
  it('signs in with the passkey and goes on to the page that was asked for, as after a password', async () => {
    const calls = fakeApi(() => json(200, { user, token: 'session-token' }));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Send Money page')).toBeTruthy();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: signInOptions });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/auth/passkey/options', body: {} },
      { method: 'POST', path: '/auth/passkey', body: { response: assertion } },
    ]);
  });

  it('says a refused passkey in the API’s words, in Bangla, and stays on the login page', async () => {
    await inLanguage('bn');
    fakeApi(() => json(401, { error: { code: 'invalid_passkey', message: refused } }));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'পাসকি দিয়ে সাইন ইন করুন' }));
    expect((await screen.findByRole('alert')).textContent).toBe('এই পাসকি দিয়ে সাইন ইন করা গেল না। আবার চেষ্টা করুন, অথবা পাসওয়ার্ড দিয়ে সাইন ইন করুন।');
    expect(screen.queryByText('Send Money page')).toBeNull();
  });

  it('takes a closed prompt calmly, and sends nothing', async () => {
    const calls = fakeApi(() => json(200, { user, token: 'session-token' }));
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    const note = await screen.findByText('No passkey was used. Try again, or sign in with your password.');
    expect(note.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(calls.some((call) => call.path === '/auth/passkey')).toBe(false);
  });

  it('offers no passkey where the browser has no WebAuthn', async () => {
    webauthn.supported = false;
    fakeApi(() => json(500, {}));
    renderLogin();
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(screen.queryByTestId('passkey-sign-in')).toBeNull());
  });
});
