import { signInAnswerSchema, type SignInCodeRequest, type SignInWithCode } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { startSessionUnlessTwoStep } from './login';

const codeSentSchema = z.object({ message: z.string() });

/** Mails a one-time sign-in code; the same answer whether or not the address has an account (decision 0030). */
export function useRequestSignInCode() {
  return useMutation({
    mutationFn: (body: SignInCodeRequest) => apiRequest('/auth/sign-in-code', { method: 'POST', body, schema: codeSentSchema }),
  });
}

/** Signs in with the mailed code; when it resolves with a session, the session query knows the user. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInWithCode) => apiRequest('/auth/sign-in-code/verify', { method: 'POST', body, schema: signInAnswerSchema }),
    onSuccess: (answer) => startSessionUnlessTwoStep(queryClient, answer),
  });
}
