import { passkeyOptionsSchema, passkeySignInAnswerSchema, type PasskeyAssertion } from '@poisha/contracts';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session-end';

/**
 * Signs in with a passkey (issue 26, decision 0045): a challenge for any passkey of this site (the
 * browser offers the ones it holds, so no e-mail is typed), the browser's prompt, and the assertion.
 * A complete sign-in, with no second step; rejects with the browser's refusal (lib/webauthn's
 * passkeyPromptProblem) or an ApiError (invalid_passkey, rate_limited).
 */
async function signInWithPasskey() {
  const options = await apiRequest('/auth/passkey/options', { method: 'POST', body: {}, schema: passkeyOptionsSchema });
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return apiRequest('/auth/passkey', { method: 'POST', body: { response: response as PasskeyAssertion }, schema: passkeySignInAnswerSchema });
}

/** When it resolves, the session query knows the user (and the login page moves on, as after a password). */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: () => startSession(queryClient),
  });
}
