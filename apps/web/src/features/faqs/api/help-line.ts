import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const helpLineSchema = z.object({ phone: z.string(), display: z.string() });

/** The configured help line (GET /help-line): as dialled and as shown. */
export function useHelpLine() {
  return useQuery({ queryKey: ['help-line'], queryFn: () => apiRequest('/help-line', { schema: helpLineSchema }), staleTime: Infinity });
}
