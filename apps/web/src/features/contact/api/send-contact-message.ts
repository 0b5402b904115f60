import { acceptedSchema, type ContactRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Stores the message and e-mails it to the support inbox; 202 { message: 'Mail Sent' }. */
export function sendContactMessage(body: ContactRequest) {
  return apiRequest('/contact', { method: 'POST', body, schema: acceptedSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
