import type { PasswordResetConfirm } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
