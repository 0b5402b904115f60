import { verifyDocumentResultSchema, type VerifyDocumentRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Asks whether the document with this code still matches the ledger (and, given, whether the file is the one issued). */
export function verifyDocument(body: VerifyDocumentRequest) {
  return apiRequest('/verify', { method: 'POST', body, schema: verifyDocumentResultSchema });
}

export function useVerifyDocument() {
  return useMutation({ mutationFn: verifyDocument });
}
