import { signInAnswerSchema, type LoginRequest, type SignInAnswer } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session-end';

export function login(body: LoginRequest) {
  return apiRequest('/auth/login', { method: 'POST', body, schema: signInAnswerSchema });
}

/** A sign-in's answer: the session starts, unless the account asks for its second step first (decision 0044). */
export const startSessionUnlessTwoStep = (queryClient: ReturnType<typeof useQueryClient>, answer: SignInAnswer) =>
  'twoStepRequired' in answer ? undefined : startSession(queryClient);

/** Signs in; when it resolves with a session, the session query knows the user (and the login page moves on). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => startSessionUnlessTwoStep(queryClient, answer),
  });
}
