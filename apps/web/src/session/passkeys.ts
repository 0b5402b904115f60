import { passkeyListSchema, passkeyOptionsSchema, type PasskeyAssertion } from '@poisha/contracts';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/**
 * The signed-in user's passkeys (issue 26, decision 0045), shared by Settings (the list, adding and
 * removing one: features/settings) and the payment step, which offers a passkey in place of the PIN
 * once the account has one.
 */

export const passkeysQueryKey = ['passkeys'] as const;

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeysQueryKey,
  queryFn: ({ signal }) => apiRequest('/passkeys', { schema: passkeyListSchema, signal }),
});

export function usePasskeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...passkeysQueryOptions, enabled });
}

/**
 * A payment's approval by passkey: a fresh challenge for this account's passkeys (user
 * verification required), and the browser's prompt (the phone's fingerprint, face or screen lock).
 * Answers the assertion the payment's body carries as `passkey`; rejects with the browser's refusal
 * (lib/webauthn's passkeyPromptProblem) or an ApiError.
 */
export async function passkeyPaymentApproval(): Promise<{ passkey: PasskeyAssertion }> {
  const options = await apiRequest('/passkeys/payment-options', { method: 'POST', body: {}, schema: passkeyOptionsSchema });
  const passkey = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { passkey: passkey as PasskeyAssertion };
}
