// @vitest-environment jsdom
import { wrongPinMessage, type Passkey } from '@poisha/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasskeysCard } from './PasskeysCard';
import { componentTestHooks, jsonResponse, renderWithQueries } from '../../../test/component';

/**
 * Settings' passkeys (decision 0045), with the app's real texts in both languages, a fake API, and
 * @simplewebauthn/browser replaced (jsdom has no authenticator).
 */

const webauthn = vi.hoisted(() => ({ supported: true, startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startRegistration: webauthn.startRegistration,
  startAuthentication: webauthn.startAuthentication,
}));

const phone: Passkey = { id: 'pk-1', name: 'Pixel 8', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-28T08:30:00.000Z', synced: true };
const key: Passkey = { id: 'pk-2', name: 'YubiKey', createdAt: '2026-11-21T09:00:00.000Z', lastUsedAt: null, synced: false };
const creationOptions = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Poisha', id: 'localhost' }, user: { id: 'dXNlcg', name: 'nadia@example.com', displayName: 'Nadia' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }] };
const attestation = {
  id: 'cred-3',
  rawId: 'cred-3',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ', transports: ['internal'] },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};
const promptClosed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });

type Call = { method: string; path: string; body: unknown };
const json = jsonResponse;

/** GET /passkeys answers the list as it is now; the other calls as given. Records every call. */
function fakeApi({ passkeys = [phone, key], options = () => json(200, creationOptions) }: { passkeys?: Passkey[]; options?: () => Response } = {}) {
  const list = [...passkeys];
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/passkeys') return json(200, { passkeys: list });
    if (method === 'POST' && path === '/passkeys/registration-options') return options();
    if (method === 'POST' && path === '/passkeys') {
      const added: Passkey = { id: 'pk-3', name: (body as { name?: string }).name ?? 'Chrome on Android', createdAt: '2026-11-28T09:00:00.000Z', lastUsedAt: null, synced: true };
      list.push(added);
      return json(201, added);
    }
    if (method === 'DELETE' && path.startsWith('/passkeys/')) {
      list.splice(
        list.findIndex((passkey) => passkey.id === path.slice('/passkeys/'.length)),
        1,
      );
      return new Response(null, { status: 204 });
    }
    if (path === '/payment-pin') return json(200, { set: true, blockedUntil: null, triesLeft: 2 });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { calls, changes: () => calls.filter((call) => call.method !== 'GET') };
}

const renderCard = () => renderWithQueries(<PasskeysCard />);

const inLanguage = componentTestHooks({
  namespaces: ['common', 'validation', 'settings'],
  dialogs: true,
  beforeEachTest: () => {
    webauthn.supported = true;
    webauthn.startRegistration.mockReset();
  },
});

/** Opens the form, types the password and the PIN, and submits it. */
async function startAdding(pin = '24680') {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  const form = screen.getByTestId('passkey-confirm');
  fireEvent.input(within(form).getByLabelText('Your password'), { target: { value: 'tea garden 123456' } });
  fireEvent.change(within(form).getByLabelText('Payment PIN'), { target: { value: pin } });
  fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
  return form;
}

describe('PasskeysCard', () => {
  it('lists each passkey with its name, when it was added and last used, and whether it is synced', async () => {
    fakeApi();
    renderCard();
    const rows = await screen.findAllByTestId('passkey');
    expect(rows).toHaveLength(2);
    const [pixel, yubikey] = rows as [HTMLElement, HTMLElement];
    expect(within(pixel).getByText('Pixel 8')).toBeTruthy();
    expect(within(pixel).getByText('Added Nov 20, 2026')).toBeTruthy();
    // 08:30 UTC is 2:30 PM in Dhaka.
    expect(within(pixel).getByText(/^Last used Nov 28, 2026, 2:30\sPM$/)).toBeTruthy();
    expect(pixel.textContent).toContain('Synced: kept by your Google or Apple account');
    expect(within(yubikey).getByText('Not used yet')).toBeTruthy();
    expect(yubikey.textContent).toContain('Kept on this one device or security key only.');
    expect(screen.getByRole('button', { name: 'Remove passkey YubiKey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('says so, instead of the button, where the browser has no passkeys', async () => {
    webauthn.supported = false;
    fakeApi({ passkeys: [] });
    renderCard();
    expect((await screen.findByTestId('passkeys-unsupported')).textContent).toContain('This browser cannot make passkeys.');
    expect(screen.getByText('You have no passkey yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('adds one: the password and PIN, the browser prompt, a name, then it is in the list', async () => {
    const api = fakeApi({ passkeys: [] });
    webauthn.startRegistration.mockResolvedValue(attestation);
    renderCard();
    await startAdding();
    const nameForm = await screen.findByTestId('passkey-name');
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    expect(nameForm.textContent).toContain('Your passkey is made.');
    fireEvent.input(within(nameForm).getByLabelText('Name (optional)'), { target: { value: '  My phone ' } });
    fireEvent.click(within(nameForm).getByRole('button', { name: 'Save passkey' }));

    expect(await screen.findByText('My phone is added. Next time, sign in or approve a payment with it.')).toBeTruthy();
    expect(await screen.findByTestId('passkey')).toBeTruthy();
    expect(api.changes()).toEqual([
      { method: 'POST', path: '/passkeys/registration-options', body: { currentPassword: 'tea garden 123456', pin: '24680' } },
      { method: 'POST', path: '/passkeys', body: { response: attestation, name: 'My phone' } },
    ]);
  });

  it('leaves the name out when none is typed: the server names it after the browser and device', async () => {
    const api = fakeApi({ passkeys: [] });
    webauthn.startRegistration.mockResolvedValue(attestation);
    renderCard();
    await startAdding();
    fireEvent.click(within(await screen.findByTestId('passkey-name')).getByRole('button', { name: 'Save passkey' }));
    expect(await screen.findByText('Chrome on Android is added. Next time, sign in or approve a payment with it.')).toBeTruthy();
    expect(api.changes()[1]).toEqual({ method: 'POST', path: '/passkeys', body: { response: attestation } });
  });

  it('takes a closed prompt calmly: a quiet note, and the form stays as typed', async () => {
    const api = fakeApi({ passkeys: [] });
    webauthn.startRegistration.mockRejectedValue(promptClosed());
    renderCard();
    const form = await startAdding();
    const note = await within(form).findByText('No passkey was made: the prompt was closed. Try again when you are ready.');
    expect(note.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((within(form).getByLabelText('Your password') as HTMLInputElement).value).toBe('tea garden 123456');
    expect(screen.getByTestId('passkey-confirm')).toBe(form);
    expect(api.changes().map((call) => call.path)).toEqual(['/passkeys/registration-options']);
  });

  it('puts a wrong PIN under the PIN field, with the tries left, and makes no passkey', async () => {
    fakeApi({ passkeys: [], options: () => json(422, { error: { code: 'wrong_payment_pin', message: wrongPinMessage(2), fields: { pin: wrongPinMessage(2) } } }) });
    renderCard();
    const form = await startAdding('13579');
    expect(await within(form).findByText(wrongPinMessage(2))).toBeTruthy();
    expect((within(form).getByLabelText('Payment PIN') as HTMLInputElement).value).toBe('');
    expect(webauthn.startRegistration).not.toHaveBeenCalled();
  });

  it('removes one only after the confirmation', async () => {
    const api = fakeApi();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey YubiKey' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('YubiKey can no longer sign you in or approve payments. Your password and PIN still work.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.changes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove passkey YubiKey' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('YubiKey is removed.')).toBeTruthy();
    expect(api.changes()).toEqual([{ method: 'DELETE', path: '/passkeys/pk-2', body: undefined }]);
    await waitFor(() => expect(screen.getAllByTestId('passkey')).toHaveLength(1));
  });

  it('reads in Bangla', async () => {
    await inLanguage('bn');
    fakeApi();
    renderCard();
    const [pixel, yubikey] = (await screen.findAllByTestId('passkey')) as [HTMLElement, HTMLElement];
    expect(pixel.textContent).toContain('যোগ করা হয়েছে ২০ নভে, ২০২৬');
    expect(pixel.textContent).toContain('সিঙ্ক করা');
    expect(yubikey.textContent).toContain('এখনও ব্যবহার করা হয়নি');
    expect(screen.getByRole('button', { name: 'পাসকি যোগ করুন' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'YubiKey পাসকিটি সরান' })).toBeTruthy();
    await inLanguage('en');
  });
});
