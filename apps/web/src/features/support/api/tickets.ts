import {
  statementPageSchema,
  ticketMessageSchema,
  ticketSchema,
  ticketsPageSchema,
  type CreateTicketRequest,
} from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const ticketsKey = ['support-tickets'] as const;

export function useTickets(page: number) {
  return useQuery({
    queryKey: [...ticketsKey, 'page', page],
    queryFn: () => apiRequest(`/support-tickets?page=${page}&pageSize=10`, { schema: ticketsPageSchema }),
    placeholderData: (previous) => previous,
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: [...ticketsKey, 'one', id],
    queryFn: () => apiRequest(`/support-tickets/${encodeURIComponent(id ?? '')}`, { schema: ticketSchema }),
    enabled: id !== null,
  });
}

/** The latest entries of the user's statement, to say which transaction a ticket is about. */
export function useRecentTransactions() {
  return useQuery({ queryKey: ['support-tickets', 'transactions'], queryFn: () => apiRequest('/statement?type=all&pageSize=20', { schema: statementPageSchema }) });
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => apiRequest('/support-tickets', { method: 'POST', body, schema: ticketSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiRequest(`/support-tickets/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { message }, schema: ticketMessageSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useCloseTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/support-tickets/${encodeURIComponent(id)}/close`, { method: 'POST', schema: ticketSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
