import { phoneCodeSentSchema, phoneVerifiedSchema, type ChangePhoneRequest, type PhoneCodeSent, type User, type VerifyPhoneRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { meQueryKey } from './me';
import { refreshWalletAfterMoneyMoved } from './refresh-wallet';

/**
 * The phone number proven by a code sent by SMS (decision 0041): shared by the sign-up's "Confirm
 * your phone" step (auth) and the phone change in Settings.
 */

/** A new code to the signed-in user's own number, while it is not proven. */
export function useRequestPhoneCode() {
  return useMutation<PhoneCodeSent>({
    mutationFn: () => apiRequest('/auth/phone/code', { method: 'POST', schema: phoneCodeSentSchema }),
  });
}

/** A code to a new number; the wallet keeps its number until the code is entered. */
export function useChangePhone() {
  return useMutation<PhoneCodeSent, Error, ChangePhoneRequest>({
    mutationFn: (body) => apiRequest('/auth/phone/change', { method: 'POST', body, schema: phoneCodeSentSchema }),
  });
}

/** Proves the number with its code; the user (its number, the bonus) is shown as the server answers. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation<{ user: User }, Error, VerifyPhoneRequest>({
    mutationFn: (body) => apiRequest('/auth/phone/verify', { method: 'POST', body, schema: phoneVerifiedSchema }),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<User>(meQueryKey, user);
      // A bonus paid by the proof moved money: the balance and the statement are fetched again.
      refreshWalletAfterMoneyMoved(queryClient);
    },
  });
}
