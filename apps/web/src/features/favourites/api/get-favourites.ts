import { favouritesPageSchema } from '@poisha/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every favourites query starts with this key, so one invalidation refreshes them all. */
export const favouritesQueryKey = ['favourites'] as const;

/** The list is short: 20 at a time, more on "Show more". */
export const FAVOURITES_PAGE_SIZE = 20;

export function getFavourites(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(FAVOURITES_PAGE_SIZE) });
  return apiRequest(`/favourites?${query.toString()}`, { schema: favouritesPageSchema, signal });
}

export const favouritesQueryOptions = infiniteQueryOptions({
  queryKey: favouritesQueryKey,
  queryFn: ({ pageParam, signal }) => getFavourites(pageParam, signal),
  initialPageParam: 0,
  getNextPageParam: (last) => (last.page + 1 < last.pageCount ? last.page + 1 : undefined),
});

/** The signed-in user's favourites, newest first. */
export function useFavourites() {
  return useInfiniteQuery(favouritesQueryOptions);
}
