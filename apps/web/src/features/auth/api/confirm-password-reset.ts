import type { PasswordResetConfirm } from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../session';
import { signOutLocally } from '../session-end';

export function confirmPasswordReset(body: PasswordResetConfirm) {
  return apiRequest('/auth/password-reset/confirm', { method: 'POST', body });
}

/** A reset ends every session of the account, this browser's included. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      if (queryClient.getQueryData(sessionQueryKey)) signOutLocally(queryClient, 'signedOut');
    },
  });
}

/**
 * Whether the link still works, asked when the page opens, so a used or expired link is reported
 * before anyone types a password. The token goes in the body of a POST, never in a URL.
 */
export function usePasswordResetCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => apiRequest('/auth/password-reset/check', { method: 'POST', body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
