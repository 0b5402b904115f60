import { helpLineSchema } from '@poisha/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The configured help line (GET /help-line), shown on the Contact page and in the FAQs. */
export function useHelpLine() {
  return useQuery({ queryKey: ['help-line'], queryFn: () => apiRequest('/help-line', { schema: helpLineSchema }), staleTime: Infinity });
}
