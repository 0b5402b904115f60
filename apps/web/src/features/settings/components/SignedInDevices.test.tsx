// @vitest-environment jsdom
import type { UserSessions } from '@poisha/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignedInDevices } from './SignedInDevices';
import { componentTestHooks, jsonResponse, renderWithQueries } from '../../../test/component';

/** Settings' signed-in devices (decision 0043), with the app's real texts in both languages and a fake API. */
const sessions: UserSessions = {
  total: 3,
  items: [
    { id: 'a1', browser: 'Safari', device: 'iPhone', ip: '203.0.113.22', createdAt: '2026-11-28T09:00:00.000Z', lastActiveAt: '2026-11-28T09:05:00.000Z', current: true },
    { id: 'b2', browser: 'Chrome', device: 'Android', ip: '203.0.113.21', createdAt: '2026-11-28T08:00:00.000Z', lastActiveAt: '2026-11-28T08:30:00.000Z', current: false },
    { id: 'c3', browser: null, device: null, ip: null, createdAt: '2026-11-28T07:00:00.000Z', lastActiveAt: '2026-11-28T07:10:00.000Z', current: false },
  ],
};

type Call = { method: string; url: string };
const json = jsonResponse;

/** Answers GET /me/sessions with the list, and the ending calls as given; records every call. */
function fakeApi(answers: { end?: Response; endOthers?: Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'GET' && url === '/api/v1/me/sessions') return json(200, sessions);
    if (method === 'DELETE') return answers.end ?? new Response(null, { status: 204 });
    if (method === 'POST' && url === '/api/v1/me/sessions/sign-out-others') return answers.endOthers ?? json(200, { ended: 2 });
    return json(404, { error: { code: 'not_found', message: 'Resource not found' } });
  });
  return calls;
}

const renderCard = () => renderWithQueries(<SignedInDevices />);

const inLanguage = componentTestHooks({ namespaces: ['common', 'validation', 'settings'], dialogs: true });

const rows = () => screen.getAllByRole('listitem');

describe('SignedInDevices', () => {
  it('lists the sessions with browser, device, address and times, this device marked and without a sign-out of its own', async () => {
    await inLanguage('en');
    fakeApi();
    renderCard();
    await screen.findByText('Safari on iPhone');
    expect(rows()).toHaveLength(3);
    const [current, phone, unknown] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).getByText('IP address 203.0.113.22')).toBeTruthy();
    expect(within(current).getByText('Active now')).toBeTruthy();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(phone.textContent).toContain('Chrome on Android');
    // 08:30 UTC is 2:30 PM in Dhaka, whatever the zone the test runs in.
    expect(within(phone).getByText('IP address 203.0.113.21')).toBeTruthy();
    expect(within(phone).getByText(/^Last active Nov 28, 2026, 2:30\sPM$/)).toBeTruthy();
    expect(phone.textContent).toMatch(/Signed in Nov 28, 2026, 2:00\sPM/);
    expect(within(phone).queryByText('This device')).toBeNull();
    expect(unknown.textContent).toContain('Unknown browser');
    expect(unknown.textContent).toContain('IP address unknown');
    expect(screen.getByRole('button', { name: 'Sign out Chrome on Android' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out Unknown browser' })).toBeTruthy();
  });

  it('signs one other device out only after the confirmation, by its id', async () => {
    await inLanguage('en');
    const calls = fakeApi();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Chrome on Android (203.0.113.21) is signed out at once.');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    // Cancelling ends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Chrome on Android is signed out.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([{ method: 'DELETE', url: '/api/v1/me/sessions/b2' }]);
    // The list is asked again.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });

  it('signs all other devices out after the confirmation and says how many', async () => {
    await inLanguage('en');
    const calls = fakeApi();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('The other 2 devices are signed out at once. This one stays signed in.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('2 devices signed out.')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([{ method: 'POST', url: '/api/v1/me/sessions/sign-out-others' }]);
  });

  it('says what went wrong when the session had ended meanwhile', async () => {
    await inLanguage('en');
    fakeApi({ end: json(404, { error: { code: 'not_found', message: 'Session not found' } }) });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome on Android' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Session not found');
  });

  it('reads in Bangla', async () => {
    await inLanguage('bn');
    fakeApi();
    renderCard();
    await screen.findByText('iPhone-এ Safari');
    expect(screen.getByText('এই ডিভাইস')).toBeTruthy();
    expect(rows()[2]!.textContent).toContain('অজানা ব্রাউজার');
    expect(rows()[1]!.textContent).toContain('আইপি ঠিকানা 203.0.113.21');
    expect(screen.getByRole('button', { name: 'অন্য সব ডিভাইস সাইন আউট করুন' })).toBeTruthy();
    await inLanguage('en');
  });
});
