import type { AppLinkRequest } from '@poisha/contracts/outreach';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** E-mails a link to the web app to the address given (202 once the mail is queued). */
export async function sendAppLink(body: AppLinkRequest) {
  const { acceptedSchema } = await import('@poisha/contracts/outreach');
  return apiRequest('/app-link', { method: 'POST', body, schema: acceptedSchema });
}

export function useSendAppLink() {
  return useMutation({ mutationFn: sendAppLink });
}
