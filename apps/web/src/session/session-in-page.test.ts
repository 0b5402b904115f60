import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseSessionData, seedSessionFromPage } from './session-in-page';
import { sessionQueryKey } from './session';

const session = {
  user: { id: 'u1', name: 'Rahim </script>', email: 'rahim@example.com', phone: '+8801712345678', balance: { amount: 141150, currency: 'USD' } },
  idleExpiresAt: '2026-11-25T01:10:00.000Z',
  expiresAt: '2026-11-26T01:00:00.000Z',
  idleTimeoutSeconds: 600,
};

describe('the session the server put into the page', () => {
  it('reads the data block as the server wrote it (< escaped as \\u003c)', () => {
    expect(parseSessionData(JSON.stringify(session).replace(/</g, '\\u003c'))).toEqual(session);
  });

  it('ignores a block that is not a session, so the app asks the API itself', () => {
    for (const text of [null, '', 'not json', 'null', '42', '"text"', '{}', '{"user":"x"}']) expect(parseSessionData(text)).toBeNull();
  });

  it('starts the session query with it: no request, the data is there at once', () => {
    const queryClient = new QueryClient();
    seedSessionFromPage(queryClient, parseSessionData(JSON.stringify(session))!);
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(session);
    expect(queryClient.getQueryState(sessionQueryKey)?.fetchStatus).toBe('idle');
  });
});
