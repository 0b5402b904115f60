// @vitest-environment jsdom
import type { PaymentPinStatus, SessionResponse, User } from '@poisha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { meQueryKey, sessionQueryKey } from '../../../session';
import SetPaymentPinPage from './SetPaymentPinPage';
import { testUser } from '../../../test/users';
import { componentTestHooks } from '../../../test/component';

/* "Choose your payment PIN" (decision 0042): the weakness rules before anything is sent, then PUT /payment-pin. */

const user = testUser({ phone: '+8801712340917', paymentPinSet: false });

function fakeApi(answer: { status: number; body: unknown }) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/v1/payment-pin' && init.method === 'PUT') {
        puts.push(JSON.parse(init.body as string));
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return puts;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<SessionResponse>(sessionQueryKey, { user, idleExpiresAt: '2099-01-01T00:00:00.000Z', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeoutSeconds: 900 });
  client.setQueryData<User>(meQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/dashboard/setPin', state: { returnTo: '/dashboard/sendMoney?to=%2B8801812345678' } }]}>
        <Suspense fallback="loading">
          <SetPaymentPinPage />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const pin = (name: 'pin' | 'confirmPin') => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const typeBoth = (first: string, second = first) => {
  fireEvent.change(pin('pin'), { target: { value: first } });
  fireEvent.change(pin('confirmPin'), { target: { value: second } });
};
const submit = () => fireEvent.submit(pin('pin').closest('form')!);

const inLanguage = componentTestHooks({ namespaces: ['auth', 'validation'] });

describe('Choose your payment PIN', () => {
  it('refuses a guessable PIN before anything is sent: one digit five times, a run, the end of the phone number', async () => {
    const puts = fakeApi({ status: 200, body: {} });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Choose your payment PIN' });
    for (const [typed, message] of [
      ['77777', 'Choose a PIN that is not one digit five times'],
      ['৯৮৭৬৫', 'Choose a PIN that is not a run of digits like 12345'],
      ['40917', 'Choose a PIN that is not the end of your phone number'],
    ] as const) {
      typeBoth(typed);
      submit();
      await waitFor(() => expect(pin('pin').getAttribute('aria-invalid')).toBe('true'));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    typeBoth('24680', '24608');
    submit();
    expect(await screen.findByText('The two PINs are not the same')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('sets a good PIN, typed in Bangla digits, and offers the way back to the payment', async () => {
    const status: PaymentPinStatus = { set: true, blockedUntil: null, triesLeft: 3 };
    const puts = fakeApi({ status: 200, body: status });
    const client = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Choose your payment PIN' });
    typeBoth('২৪৬৮০', '24680');
    submit();
    expect(await screen.findByText('Your payment PIN is set')).toBeTruthy();
    expect(puts).toEqual([{ pin: '24680' }]);
    expect(screen.getByRole('link', { name: 'Back to your payment' }).getAttribute('href')).toBe('/dashboard/sendMoney?to=%2B8801812345678');
    // The dashboard's notice goes: the user now has a PIN.
    expect(client.getQueryData<User>(meQueryKey)?.paymentPinSet).toBe(true);
  });

  it('shows the server’s refusal of a PIN under the field, in Bangla', async () => {
    await inLanguage('bn');
    const message = 'Choose a PIN that is not the end of your phone number';
    fakeApi({ status: 400, body: { error: { code: 'validation_failed', message, fields: { pin: message } } } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'আপনার পেমেন্ট পিন বেছে নিন' });
    typeBoth('13579');
    submit();
    expect(await screen.findByText('আপনার ফোন নম্বরের শেষ অঙ্কগুলো নয়, এমন একটি পিন বেছে নিন')).toBeTruthy();
    expect(pin('pin').getAttribute('aria-invalid')).toBe('true');
  });
});
