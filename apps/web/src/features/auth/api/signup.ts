import { authResponseSchema, type SignupRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { startSession } from '../session-end';

export function signup(body: SignupRequest) {
  // The app's language becomes the account's: its mails are written in it.
  return apiRequest('/auth/signup', { method: 'POST', body: { ...body, language: body.language ?? currentLanguage() }, schema: authResponseSchema });
}

/** Creates the account and signs in, like useLogin. */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => startSession(queryClient),
  });
}
