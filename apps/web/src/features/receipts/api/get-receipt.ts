import { receiptSchema } from '@poisha/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { walletQueryKey } from '../../../session';

/** The receipt of one of the signed-in user's transfers or deposits. */
export function useReceipt(transferId: string) {
  return useQuery({
    queryKey: [...walletQueryKey, 'receipt', transferId],
    queryFn: ({ signal }) => apiRequest(`/receipts/${encodeURIComponent(transferId)}`, { schema: receiptSchema, signal }),
    retry: false,
  });
}

/** The receipt PDF in the reader's language: a plain download (the session cookie goes with it). */
export const receiptPdfUrl = (transferId: string, language: string) =>
  `${API_BASE}/receipts/${encodeURIComponent(transferId)}/pdf?lang=${language === 'bn' ? 'bn' : 'en'}`;
