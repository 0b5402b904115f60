import type { AppLinkRequest } from '@poisha/contracts/outreach';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** E-mails a link to the web app to the address given (202 once the mail is queued). */
export async function sendAppLink(body: AppLinkRequest) {
  const { acceptedSchema } = await import('@poisha/contracts/outreach');
  // The mail is written in the page's language (GET LINK on the Bangla page mails in Bangla).
  return apiRequest('/app-link', { method: 'POST', body: { ...body, language: body.language ?? currentLanguage() }, schema: acceptedSchema });
}

export function useSendAppLink() {
  return useMutation({ mutationFn: sendAppLink });
}
