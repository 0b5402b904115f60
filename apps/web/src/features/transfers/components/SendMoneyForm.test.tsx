// @vitest-environment jsdom
import { wrongPinMessage, type PaymentPinStatus, type SessionResponse, type User } from '@poisha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/dates';
import i18n from '../../../lib/i18n';
import { meQueryKey, sessionQueryKey } from '../../../session';
import { SendMoneyForm } from './SendMoneyForm';
import { testUser } from '../../../test/users';
import { componentTestHooks } from '../../../test/component';

/*
 * Send Money's confirm step with the payment PIN (decision 0042), against a fake API at the fetch
 * level: what the browser would send (the PIN in the body, the Idempotency-Key header) and what the
 * person sees for each answer.
 */

/** The browser's passkeys (decision 0045): none here unless a test says so (jsdom has no authenticator). */
const webauthn = vi.hoisted(() => ({ supported: false, startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
}));

const receiver = '+8801812345678';
const user = testUser();
const unblocked: PaymentPinStatus = { set: true, blockedUntil: null, triesLeft: 3 };

interface Sent {
  path: string;
  method: string;
  key: string | null;
  body: unknown;
}

/** A fake API: each POST /transfers takes the next answer of `transfers`; GET /payment-pin answers `pinStatus()`. */
function fakeApi({ transfers, pinStatus = () => unblocked }: { transfers: { status: number; body: unknown; headers?: Record<string, string> }[]; pinStatus?: () => PaymentPinStatus }) {
  const sent: Sent[] = [];
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\/v1/, '');
      const headers = init.headers as Record<string, string>;
      sent.push({ path, method: init.method ?? 'GET', key: headers['idempotency-key'] ?? null, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (path.startsWith('/recipients')) return json(200, { name: 'Rafi K.', phone: receiver, paidBefore: true });
      if (path === '/payment-pin') return json(200, pinStatus());
      if (path === '/me') return json(200, user);
      if (path === '/passkeys') return json(200, { passkeys: [{ id: 'pk-1', name: 'Pixel 8', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null, synced: true }] });
      if (path === '/passkeys/payment-options') return json(200, { challenge: 'Y2hhbGxlbmdl', userVerification: 'required' });
      if (path === '/transfers') {
        const answer = transfers.shift();
        if (!answer) throw new Error('No answer left for POST /transfers');
        return json(answer.status, answer.body, answer.headers);
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
  return { transfersSent: () => sent.filter((request) => request.path === '/transfers'), sent };
}

const transferDone = (pin: string) => ({
  status: 201,
  body: { id: `transfer-${pin}`, amount: { amount: 2_500, currency: 'USD' }, to: { name: 'Rafi Karim', phone: receiver }, reference: 'rent', createdAt: '2026-11-28T09:00:00.000Z', balanceAfter: { amount: 97_500, currency: 'USD' } },
});
const refusal = (status: number, code: string, message: string, fields?: Record<string, string>) => ({ status, body: { error: { code, message, ...(fields && { fields }) } } });

function renderSendMoney(me: User = user) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<SessionResponse>(sessionQueryKey, { user: me, idleExpiresAt: '2099-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeoutSeconds: 900 });
  client.setQueryData<User>(meQueryKey, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/sendMoney']}>
        <Suspense fallback="loading">
          <SendMoneyForm receiver={receiver} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** Fills the form (the receiver comes with the link the first time) and opens the confirm dialog. */
async function openConfirm(amount = '25', reference = 'rent') {
  await screen.findByRole('form');
  if (!input('receiverNumber').value) fireEvent.change(input('receiverNumber'), { target: { value: '01812345678' } });
  fireEvent.input(input('sendAmount'), { target: { value: amount } });
  fireEvent.input(input('reference'), { target: { value: reference } });
  fireEvent.submit(screen.getByRole('form'));
  return screen.findByRole('dialog');
}

const pinField = (dialog: HTMLElement) => within(dialog).getByLabelText(i18n.language === 'bn' ? 'পেমেন্ট পিন' : 'Payment PIN');
const typePin = (dialog: HTMLElement, pin: string) => fireEvent.change(pinField(dialog), { target: { value: pin } });
const confirmIn = (dialog: HTMLElement) => fireEvent.submit(within(dialog).getByRole('form'));

const inLanguage = componentTestHooks({ namespaces: ['common', 'validation', 'transfers', 'dashboard'], dialogs: true });
afterEach(() => {
  webauthn.supported = false;
  webauthn.startAuthentication.mockReset();
});

describe('Send Money: the payment PIN', () => {
  it('asks for the PIN before anything is sent, and sends it (typed in Bangla digits) with the transfer', async () => {
    const api = fakeApi({ transfers: [transferDone('24680')] });
    renderSendMoney();
    const dialog = await openConfirm();
    confirmIn(dialog);
    expect(await within(dialog).findByText('Enter your 5-digit PIN')).toBeTruthy();
    expect(api.transfersSent()).toEqual([]);

    typePin(dialog, '২৪৬৮০');
    confirmIn(dialog);
    expect(await screen.findByText('Total $25.00 Successfully sent')).toBeTruthy();
    expect(api.transfersSent()).toEqual([{ path: '/transfers', method: 'POST', key: expect.any(String) as string, body: { to: receiver, amount: 2_500, reference: 'rent', pin: '24680' } }]);
  });

  it('keeps the dialog open after a wrong PIN, says the tries left in Bangla, and sends the same payment again with the same key', async () => {
    await inLanguage('bn');
    const api = fakeApi({ transfers: [refusal(422, 'wrong_payment_pin', wrongPinMessage(2), { pin: wrongPinMessage(2) }), transferDone('24680')] });
    renderSendMoney();
    const dialog = await openConfirm();
    typePin(dialog, '13579');
    confirmIn(dialog);

    expect(await within(dialog).findByText('পিনটি সঠিক নয়। পেমেন্ট বন্ধ হওয়ার আগে আর ২ বার চেষ্টা করতে পারবেন।')).toBeTruthy();
    const field = pinField(dialog) as HTMLInputElement;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Typed again from the start, where the focus is.
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('dialog')).toBe(dialog);
    // Typing it again keeps the tries left in view, not "Your PIN is 5 digits" at each digit.
    typePin(dialog, '24');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(within(dialog).getByText('পিনটি সঠিক নয়। পেমেন্ট বন্ধ হওয়ার আগে আর ২ বার চেষ্টা করতে পারবেন।')).toBeTruthy();

    typePin(dialog, '24680');
    confirmIn(dialog);
    await waitFor(() => expect(api.transfersSent()).toHaveLength(2));
    const [first, second] = api.transfersSent();
    expect(second?.key).toBe(first?.key);
    expect([first?.body, second?.body]).toEqual([
      { to: receiver, amount: 2_500, reference: 'rent', pin: '13579' },
      { to: receiver, amount: 2_500, reference: 'rent', pin: '24680' },
    ]);
  });

  it('gives the next transfer a key of its own once one went through', async () => {
    const api = fakeApi({ transfers: [refusal(422, 'wrong_payment_pin', wrongPinMessage(2), { pin: wrongPinMessage(2) }), transferDone('24680'), transferDone('24680')] });
    renderSendMoney();
    let dialog = await openConfirm();
    typePin(dialog, '13579');
    confirmIn(dialog);
    await within(dialog).findByText(wrongPinMessage(2));
    typePin(dialog, '24680');
    confirmIn(dialog);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));

    dialog = await openConfirm();
    typePin(dialog, '24680');
    confirmIn(dialog);
    await waitFor(() => expect(api.transfersSent()).toHaveLength(3));
    const [first, second, third] = api.transfersSent().map((request) => request.key);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('says payments are blocked, until when, and leads to the PIN reset, after the third wrong PIN', async () => {
    const blockedUntil = '2099-11-28T10:15:00.000Z';
    let status = unblocked;
    fakeApi({ transfers: [{ ...refusal(403, 'payment_pin_blocked', 'Payments are blocked after 3 wrong PINs') }], pinStatus: () => status });
    renderSendMoney();
    const dialog = await openConfirm();
    typePin(dialog, '13579');
    // The refusal sends the status to be read again: it now has the block's end.
    status = { set: true, blockedUntil, triesLeft: 0 };
    confirmIn(dialog);

    const blocked = await within(dialog).findByTestId('payment-pin-blocked');
    await waitFor(() => expect(blocked.textContent).toContain(`payments are blocked until ${formatDateTime(blockedUntil, 'en-US')}`));
    expect(within(blocked).getByRole('link', { name: 'Reset my PIN' }).getAttribute('href')).toBe('/dashboard/Setting#settings-pin');
    expect(within(dialog).queryByLabelText('Payment PIN')).toBeNull();
  });

  it('tells the block’s end from the refusal’s Retry-After while the status has not caught up', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T09:00:00.000Z'), toFake: ['Date'] });
    try {
      fakeApi({ transfers: [{ ...refusal(403, 'payment_pin_blocked', 'Payments are blocked after 3 wrong PINs'), headers: { 'retry-after': '3600' } }] });
      renderSendMoney();
      const dialog = await openConfirm();
      typePin(dialog, '13579');
      confirmIn(dialog);
      const blocked = await within(dialog).findByTestId('payment-pin-blocked');
      expect(blocked.textContent).toContain(`payments are blocked until ${formatDateTime('2026-11-28T10:00:00.000Z', 'en-US')}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('knows of a block as the dialog opens, before a PIN is typed (in Bangla, with the end in Bangla)', async () => {
    await inLanguage('bn');
    const blockedUntil = '2099-01-02T18:30:00.000Z';
    const api = fakeApi({ transfers: [], pinStatus: () => ({ set: true, blockedUntil, triesLeft: 0 }) });
    renderSendMoney();
    const dialog = await openConfirm();
    const blocked = await within(dialog).findByTestId('payment-pin-blocked');
    expect(blocked.textContent).toContain(`${formatDateTime(blockedUntil, 'bn-BD')} পর্যন্ত পেমেন্ট বন্ধ থাকবে`);
    expect(blocked.textContent).toContain('৩ জানু, ২০৯৯');
    expect(within(blocked).getByRole('link', { name: 'পিন রিসেট করুন' })).toBeTruthy();
    expect(api.transfersSent()).toEqual([]);
  });

  it('leads an account without a PIN to set one, and back to the payment', async () => {
    fakeApi({ transfers: [], pinStatus: () => ({ set: false, blockedUntil: null, triesLeft: 3 }) });
    renderSendMoney({ ...user, paymentPinSet: false });
    const dialog = await openConfirm();
    const notSet = await within(dialog).findByTestId('payment-pin-not-set');
    expect(notSet.textContent).toContain('Choose your payment PIN first');
    expect(within(notSet).getByRole('link', { name: 'Choose my PIN' }).getAttribute('href')).toBe('/dashboard/setPin');
    expect(within(dialog).queryByLabelText('Payment PIN')).toBeNull();
  });

  it('sends the transfer approved by a passkey; after a passkey not accepted, the same payment with the PIN under the same key', async () => {
    webauthn.supported = true;
    const assertion = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgO', signature: 'MEUCIQ' },
      clientExtensionResults: {},
    };
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const notAccepted = 'This passkey could not be used. Try again, or use your PIN.';
    const api = fakeApi({ transfers: [refusal(422, 'passkey_not_accepted', notAccepted, { pin: notAccepted }), transferDone('24680')] });
    renderSendMoney();
    const dialog = await openConfirm();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve with passkey' }));
    expect(await within(dialog).findByText(notAccepted)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    typePin(dialog, '24680');
    confirmIn(dialog);
    expect(await screen.findByText('Total $25.00 Successfully sent')).toBeTruthy();
    const [first, second] = api.transfersSent();
    expect(second?.key).toBe(first?.key);
    expect([first?.body, second?.body]).toEqual([
      { to: receiver, amount: 2_500, reference: 'rent', passkey: assertion },
      { to: receiver, amount: 2_500, reference: 'rent', pin: '24680' },
    ]);
  });
});
