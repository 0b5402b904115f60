import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Opens the verification link mailed at sign-up: the welcome bonus is credited once. */
export function verifyEmail(token: string) {
  return apiRequest('/auth/verify-email', { method: 'POST', body: { token } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest('/auth/verify-email/resend', { method: 'POST' }) });
}
