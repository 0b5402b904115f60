import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionLost } from '../../lib/api-client';
import { sessionQueryKey } from '../../session';
import { signOutLocally } from './session-end';

/**
 * When any call answers 401 while this tab thinks it is signed in, the session is over (expired,
 * reset from another device, signed out in another tab). Forget the user; the guard then sends the
 * person to /login and remembers where they were.
 */
export function useSessionLostHandler(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionLost(() => {
        if (queryClient.getQueryData(sessionQueryKey)) signOutLocally(queryClient, 'expired');
      }),
    [queryClient],
  );
}
