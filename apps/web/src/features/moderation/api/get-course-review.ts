import { queryOptions, useQuery } from '@tanstack/react-query';
import { courseReviewDetailSchema } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { courseReviewsQueryOptions } from './get-course-reviews';

// GET /api/moderator/course-reviews/{versionId} → everything in the submitted version, with each
// file's URL for previewing it (moderator session only).
export type CourseReviewDetail = z.infer<typeof courseReviewDetailSchema>;

export function getCourseReview(versionId: string): Promise<CourseReviewDetail> {
  return http.get(`/api/moderator/course-reviews/${encodeURIComponent(versionId)}`, { role: 'moderator', actAs: 'moderator', parse: (data) => courseReviewDetailSchema.parse(data) });
}

export const courseReviewQueryOptions = (versionId: string) =>
  queryOptions({ queryKey: [...courseReviewsQueryOptions().queryKey, versionId], queryFn: () => getCourseReview(versionId) });

export function useCourseReview(versionId: string) {
  return useQuery(courseReviewQueryOptions(versionId));
}
