import { ownReviewSchema, reviewSchema, type ReviewRequest } from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const ownReviewKey = ['reviews', 'mine'] as const;

/** The signed-in user's own review, if any (GET /reviews/mine). */
export function useOwnReview() {
  return useQuery({ queryKey: ownReviewKey, queryFn: () => apiRequest('/reviews/mine', { schema: ownReviewSchema }) });
}

/** Writes (or replaces) the user's review; every list of reviews is fetched again. */
export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewRequest) => apiRequest('/reviews', { method: 'POST', body, schema: reviewSchema }),
    onSuccess: (review) => {
      queryClient.setQueryData(ownReviewKey, { review });
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
