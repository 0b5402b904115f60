import { passkeyOptionsSchema, passkeySchema, type PasskeyAttestation, type PasskeyRegistrationOptionsRequest } from '@poisha/contracts';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { passkeysQueryKey, refreshAfterPinRefusal, usePasskeys } from '../../../session';
import { securityEventsQueryKey } from './profile';

/** The account's passkeys (GET /passkeys), the query the payment step shares (decision 0045). */
export { usePasskeys };

/** A change shows in the list, at the payment step and in the security activity at once. */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  void queryClient.invalidateQueries({ queryKey: securityEventsQueryKey });
}

/**
 * Adding one, first half: the password and the payment PIN (a passkey stands in for both) buy a
 * challenge, and the browser's prompt makes the passkey on the phone or key. Answers what the
 * browser made; rejects with an ApiError (wrong password or PIN, too many passkeys) or the
 * browser's refusal (lib/webauthn's passkeyPromptProblem).
 */
export function useCreatePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasskeyRegistrationOptionsRequest): Promise<PasskeyAttestation> => {
      const options = await apiRequest('/passkeys/registration-options', { method: 'POST', body, schema: passkeyOptionsSchema });
      const made = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      return made as PasskeyAttestation;
    },
    // A wrong PIN here counts like one at a payment: the tries left are read again.
    onError: (error) => refreshAfterPinRefusal(queryClient, error),
  });
}

/** Adding one, second half: what the browser made, and a name to know it by (empty: the browser and device). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ response, name }: { response: PasskeyAttestation; name: string }) =>
      apiRequest('/passkeys', { method: 'POST', body: { response, ...(name.trim() ? { name: name.trim() } : {}) }, schema: passkeySchema }),
    onSettled: () => refresh(queryClient),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => refresh(queryClient),
  });
}
