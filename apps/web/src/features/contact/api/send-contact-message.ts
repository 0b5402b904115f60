import { acceptedSchema, type ContactRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** Stores the message and e-mails it to the support inbox; 202 { message: 'Mail Sent' }. */
export function sendContactMessage(body: ContactRequest) {
  // The confirmation mail is written in the page's language.
  return apiRequest('/contact', { method: 'POST', body: { ...body, language: body.language ?? currentLanguage() }, schema: acceptedSchema });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
