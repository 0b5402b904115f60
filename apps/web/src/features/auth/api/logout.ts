import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { signOutLocally } from '../session-end';

export function logout() {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/**
 * Ends the session on the server, forgets the user here and goes to /login. The user is forgotten
 * before the request leaves: the screen's own requests still on their way then come back 401, and
 * they are this sign-out, not a lost session ("Your session has ended" would be wrong). The local
 * sign-out holds even if the server could not be reached: the person asked to leave.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    onMutate: () => signOutLocally(queryClient, 'signedOut'),
    mutationFn: logout,
    onSettled: () => {
      void navigate('/login', { replace: true });
    },
  });
}
