import { favouriteSchema, type CreateFavouriteRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { favouritesQueryKey } from './get-favourites';

export function addFavourite(request: CreateFavouriteRequest) {
  return apiRequest('/favourites', { method: 'POST', body: request, schema: favouriteSchema });
}

export function useAddFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavourite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}
