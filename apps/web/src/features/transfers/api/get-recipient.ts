import { recipientLookupSchema } from '@poisha/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The wallet a phone number (E.164) belongs to: its owner's name, shown before money is sent, and
 * whether the user has paid it before (the confirm step warns on a first payment).
 * 404 not_found when no wallet has the number, 422 self_transfer for the user's own.
 */
export function getRecipient(phone: string, signal?: AbortSignal) {
  return apiRequest(`/recipients?${new URLSearchParams({ phone }).toString()}`, { schema: recipientLookupSchema, signal });
}

/** Looked up when the form is submitted; never cached, so a confirm step always shows today's owner. */
export const recipientQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: ['recipient', phone],
    queryFn: ({ signal }) => getRecipient(phone, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
