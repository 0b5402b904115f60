// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../session';
import { jsonResponse } from '../../../test/component';
import { testUser } from '../../../test/users';
import { useSessionEndReason } from '../session-end';
import { useSessionLostHandler } from '../use-session-lost-handler';
import { useSignOut } from './logout';

afterEach(() => vi.unstubAllGlobals());

/*
 * Signing out ends the session on the server while the screen's own requests may still be on their
 * way: those answer 401. They are the sign-out the person asked for, not a session that was lost, so
 * the login page says nothing (not "Your session has ended").
 */
it("a request that the sign-out itself turns away (401) does not make it a lost session", async () => {
  let finishLogout: (response: Response) => void = () => undefined;
  vi.stubGlobal('fetch', (url: string) => {
    if (url.endsWith('/auth/logout')) return new Promise<Response>((resolve) => (finishLogout = resolve));
    return Promise.resolve(jsonResponse(401, { error: { code: 'unauthenticated', message: 'Sign in first' } }));
  });
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, { user: testUser() });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const reasons: unknown[] = [];
  const { result } = renderHook(
    () => {
      useSessionLostHandler();
      const reason = useSessionEndReason();
      if (reasons.at(-1) !== reason) reasons.push(reason);
      return { signOut: useSignOut(), reason };
    },
    { wrapper },
  );

  act(() => result.current.signOut.mutate());
  // The latest transactions, asked for just before: the server has ended the session by now.
  await act(() => apiRequest('/statement').catch(() => undefined));
  await act(async () => finishLogout(jsonResponse(204, null)));

  await waitFor(() => expect(result.current.signOut.isSuccess).toBe(true));
  // Never "expired" on the way (the guard would have sent the person to /login saying so).
  expect(reasons).toEqual([null, 'signedOut']);
  expect(client.getQueryData(sessionQueryKey)).toBeNull();
});
