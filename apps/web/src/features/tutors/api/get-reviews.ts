import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { reviewSchema } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

// GET /api/teachers/:id/reviews → { reviews: [{ learnerName, review: string[] }] }.
const reviewsResponse = z.object({ reviews: z.array(reviewSchema) });
export type TutorReview = z.infer<typeof reviewSchema>;

type ReviewsQuery = Pick<TutorViewer, 'as' | 'id'> & { teacherId: string };

export function getReviews({ as, teacherId }: ReviewsQuery): Promise<TutorReview[]> {
  return http.get(`/api/teachers/${encodeURIComponent(teacherId)}/reviews`, {
    role: as,
    actAs: as,
    parse: (data) => reviewsResponse.parse(data).reviews,
  });
}

export const reviewsQueryOptions = (q: ReviewsQuery) =>
  queryOptions({ queryKey: [...tutorsKey(q), 'reviews', q.teacherId], queryFn: () => getReviews(q), staleTime: 5 * 60_000 });

export function useReviews(q: ReviewsQuery, enabled = true) {
  return useQuery({ ...reviewsQueryOptions(q), enabled });
}
