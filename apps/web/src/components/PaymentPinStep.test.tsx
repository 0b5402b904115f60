// @vitest-environment jsdom
import type { Passkey, PaymentPinStatus, SessionResponse, User } from '@poisha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import i18n from '../lib/i18n';
import { meQueryKey, sessionQueryKey } from '../session';
import { PaymentPinStep, type PaymentApprovalChoice } from './PaymentPinStep';
import { testUser } from '../test/users';
import { componentTestHooks, jsonResponse } from '../test/component';

/*
 * The payment step's passkey (decision 0045): where the browser has WebAuthn and the account a
 * passkey, "Approve with passkey" pays with `{ passkey }` instead of the PIN; a closed prompt or a
 * refused passkey leaves the PIN. @simplewebauthn/browser is replaced: jsdom has no authenticator.
 */

const webauthn = vi.hoisted(() => ({ supported: true, startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
  startRegistration: webauthn.startRegistration,
}));

const user = testUser();
const unblocked: PaymentPinStatus = { set: true, blockedUntil: null, triesLeft: 3 };
const phone: Passkey = { id: 'pk-1', name: 'Pixel 8', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null, synced: true };
const paymentOptions = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'cred-1', type: 'public-key' }], userVerification: 'required', timeout: 60_000 };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'eyJjaGFsbGVuZ2UiOiJZMmhoYkd4bGJtZGwifQ', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ', userHandle: 'dXNlci0x' },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};
/** What @simplewebauthn/browser throws when the person closes the prompt (its WebAuthnError keeps the DOMException's name). */
const promptClosed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });

type Call = { method: string; path: string; body: unknown };

function fakeApi({ passkeys = [phone] }: { passkeys?: Passkey[] } = {}) {
  const calls: Call[] = [];
  const json = jsonResponse;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(init.body as string) : undefined });
    if (path === '/payment-pin') return json(200, unblocked);
    if (path === '/me') return json(200, user);
    if (path === '/passkeys' && method === 'GET') return json(200, { passkeys });
    if (path === '/passkeys/payment-options' && method === 'POST') return json(200, paymentOptions);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return calls;
}

function renderStep(onPay: (approval: PaymentApprovalChoice) => Promise<void>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<SessionResponse>(sessionQueryKey, { user, idleExpiresAt: '2099-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeoutSeconds: 900 });
  client.setQueryData<User>(meQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/sendMoney']}>
        <Suspense fallback="loading">
          <PaymentPinStep onPay={onPay} onCancel={() => undefined} payLabel="Confirm" payingLabel="Sending…" cancelLabel="Cancel" />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const inLanguage = componentTestHooks({
  namespaces: ['common', 'validation'],
  beforeEachTest: () => {
    webauthn.supported = true;
    webauthn.startAuthentication.mockReset();
  },
});

const passkeyButton = () => screen.findByRole('button', { name: i18n.language === 'bn' ? 'পাসকি দিয়ে অনুমোদন করুন' : 'Approve with passkey' });

describe('PaymentPinStep: approving with a passkey', () => {
  it('pays with the passkey, without a PIN: a payment challenge, the browser prompt, then onPay({ passkey })', async () => {
    const calls = fakeApi();
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const onPay = vi.fn(async () => undefined);
    renderStep(onPay);
    fireEvent.click(await passkeyButton());
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay).toHaveBeenCalledWith({ passkey: assertion });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/passkeys/payment-options', body: {} }]);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: paymentOptions });
  });

  it('offers no passkey where the browser has no WebAuthn, or the account has no passkey', async () => {
    webauthn.supported = false;
    let calls = fakeApi();
    renderStep(vi.fn());
    await screen.findByLabelText('Payment PIN');
    expect(screen.queryByTestId('passkey-approval')).toBeNull();
    // Not even asked for: the list is of no use without WebAuthn.
    expect(calls.some((call) => call.path === '/passkeys')).toBe(false);
    cleanup();
    vi.unstubAllGlobals();

    webauthn.supported = true;
    calls = fakeApi({ passkeys: [] });
    renderStep(vi.fn());
    await waitFor(() => expect(calls.some((call) => call.path === '/passkeys')).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByTestId('passkey-approval')).toBeNull();
    expect(screen.getByLabelText('Payment PIN')).toBeTruthy();
  });

  it('takes a closed prompt calmly: nothing paid, a quiet note, and the PIN still pays', async () => {
    fakeApi();
    webauthn.startAuthentication.mockRejectedValue(promptClosed());
    const onPay = vi.fn(async () => undefined);
    renderStep(onPay);
    fireEvent.click(await passkeyButton());
    const note = await screen.findByText('No passkey was used, so nothing was paid. Try again, or enter your PIN.');
    // A status, not an alert: nothing went wrong.
    expect(note.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onPay).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Payment PIN'), { target: { value: '24680' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(onPay).toHaveBeenCalledWith({ pin: '24680' }));
  });

  it('shows a passkey the server did not accept by its button, in Bangla, and the PIN still pays', async () => {
    await inLanguage('bn');
    fakeApi();
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const notAccepted = 'This passkey could not be used. Try again, or use your PIN.';
    const onPay = vi
      .fn<(approval: PaymentApprovalChoice) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(422, 'passkey_not_accepted', notAccepted, { pin: notAccepted }))
      .mockResolvedValueOnce(undefined);
    renderStep(onPay);
    fireEvent.click(await passkeyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('এই পাসকি ব্যবহার করা গেল না। আবার চেষ্টা করুন, অথবা পিন দিন।');
    // Said by the passkey's button, not as a wrong PIN under the field.
    expect(screen.getByLabelText('পেমেন্ট পিন').getAttribute('aria-invalid')).not.toBe('true');

    fireEvent.change(screen.getByLabelText('পেমেন্ট পিন'), { target: { value: '২৪৬৮০' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(onPay).toHaveBeenLastCalledWith({ pin: '24680' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
