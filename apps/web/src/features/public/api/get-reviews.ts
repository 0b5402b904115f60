import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The landing page shows this many reviews (spec: "Reviews shown: 6"). */
export const LANDING_REVIEWS = 6;

/** The newest reviews first, each with its author's name. */
export async function getReviews(limit: number, signal?: AbortSignal) {
  // The schema library arrives with the data instead of with the page, keeping the first download small.
  const [{ reviewSchema }, { z }] = await Promise.all([import('@poisha/contracts/outreach'), import('zod')]);
  return apiRequest(`/reviews?limit=${limit}`, { schema: z.array(reviewSchema), signal });
}

export const reviewsQueryOptions = (limit = LANDING_REVIEWS) =>
  queryOptions({ queryKey: ['reviews', { limit }], queryFn: ({ signal }) => getReviews(limit, signal), staleTime: 60_000 });

export function useReviews(limit = LANDING_REVIEWS) {
  return useQuery(reviewsQueryOptions(limit));
}
