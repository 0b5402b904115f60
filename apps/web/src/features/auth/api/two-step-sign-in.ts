import { authResponseSchema, type TwoStepSignInRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session-end';

/** The second step of a sign-in: the challenge and a code from the app or a recovery code (decision 0044). */
export function useTwoStepSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoStepSignInRequest) => apiRequest('/auth/login/two-step', { method: 'POST', body, schema: authResponseSchema }),
    onSuccess: () => startSession(queryClient),
  });
}
