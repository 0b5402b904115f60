import { ratesSchema } from '@poisha/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The configured exchange rates (GET /rates), as exact decimal strings. */
export function useRates() {
  return useQuery({ queryKey: ['rates'], queryFn: () => apiRequest('/rates', { schema: ratesSchema }), staleTime: 5 * 60_000 });
}
