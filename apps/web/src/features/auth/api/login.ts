import { authResponseSchema, type LoginRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session-end';

export function login(body: LoginRequest) {
  return apiRequest('/auth/login', { method: 'POST', body, schema: authResponseSchema });
}

/** Signs in; when it resolves, the session query knows the user (and the login page moves on). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => startSession(queryClient),
  });
}
