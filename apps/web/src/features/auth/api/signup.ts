import { authResponseSchema, type SignupRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session-end';

export function signup(body: SignupRequest) {
  return apiRequest('/auth/signup', { method: 'POST', body, schema: authResponseSchema });
}

/** Creates the account and signs in, like useLogin. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => startSession(queryClient),
  });
}
