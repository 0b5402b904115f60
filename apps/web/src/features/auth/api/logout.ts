import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { signOutLocally } from '../session-end';

export function logout() {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/**
 * Ends the session on the server, forgets the user here and goes to /login. The local sign-out
 * happens even if the server could not be reached: the person asked to leave.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      signOutLocally(queryClient, 'signedOut');
      void navigate('/login', { replace: true });
    },
  });
}
