import type { PasswordResetRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const resetRequestedSchema = z.object({ message: z.string() });

/** Always answers with the same neutral message, whether or not the address has an account. */
export function requestPasswordReset(body: PasswordResetRequest) {
  return apiRequest('/auth/password-reset', { method: 'POST', body, schema: resetRequestedSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
