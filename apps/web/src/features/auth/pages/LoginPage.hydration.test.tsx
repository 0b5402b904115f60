// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { componentTestHooks, jsonResponse } from '../../../test/component';
import type { LoginLocationState } from '../redirect';
import LoginPage from './LoginPage';

/*
 * The login page is prerendered (scripts/prerender.ts) without any history state, and the app takes
 * that HTML over. Opened again after a session ended, the page's history state carries the reason;
 * had the app drawn the notice in its first render, the markup would not match, React would throw
 * the prerendered HTML away and draw the page anew, and a click boot.ts held on the old "Sign in
 * with a passkey" button would land on a button no longer in the page (a flaky browser test showed it).
 */

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));

function page(state?: LoginLocationState) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/login" element={<LoginPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

componentTestHooks({ namespaces: ['common', 'validation', 'auth'] });
// A hydrated root is not Testing Library's: unmounted here.
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

it.each(['expired', 'idle', 'passwordChanged'] as const)('takes over the prerendered page when the history state says why the session ended (%s), then shows why', async (reason) => {
  vi.stubGlobal('fetch', async () => jsonResponse(401, { error: { code: 'unauthenticated', message: 'Sign in first' } }));
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const prerenderedButton = [...container.querySelectorAll('button')].find((button) => button.textContent?.includes('Sign in with a passkey'));
  expect(prerenderedButton).toBeDefined();

  const recoverableErrors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page({ reason }), { onRecoverableError: (error) => recoverableErrors.push(error) });
  });

  expect(recoverableErrors).toEqual([]);
  // The same button, still in the page: a click held before the app was live reaches it.
  expect(prerenderedButton?.isConnected).toBe(true);
  expect(container.querySelector('[role="status"]')?.textContent).toBeTruthy();
});
