import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { favouritesQueryKey } from './get-favourites';

export function deleteFavourite(id: string) {
  return apiRequest(`/favourites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavourite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
