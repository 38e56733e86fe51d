import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ratingResponse, type ratingPayload } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { courseDataQueryOptions } from './get-course-data';

// POST /api/courses/rating/{id} { stars, review } → the learner's rating and the course's new
// average: owners who started the course, one rating each, editable.
export type RatingInput = z.input<typeof ratingPayload>;
export type RatingAnswer = z.infer<typeof ratingResponse>;

export function rateCourse(courseId: string, rating: RatingInput): Promise<RatingAnswer> {
  return http.post(`/api/courses/rating/${encodeURIComponent(courseId)}`, rating, { role: 'learner', actAs: 'learner', parse: (data) => ratingResponse.parse(data) });
}

/** The course's own rating (myRating, average and reviews) refreshes after a save. */
export function useRateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: RatingInput) => rateCourse(courseId, rating),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseDataQueryOptions(courseId).queryKey }),
  });
}
