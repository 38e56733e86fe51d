import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewQueueResponse } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/course-reviews → { items }: every course version waiting for review, oldest
// submission first (moderator session only). The whole queue in one answer: no pages.
export type CourseReviewQueue = z.infer<typeof reviewQueueResponse>;
export type CourseReviewQueueItem = CourseReviewQueue['items'][number];

export function getCourseReviews(): Promise<CourseReviewQueue> {
  return http.get('/api/moderator/course-reviews', { role: 'moderator', actAs: 'moderator', parse: (data) => reviewQueueResponse.parse(data) });
}

export const courseReviewsQueryOptions = () => queryOptions({ queryKey: ['moderation', 'course-reviews'], queryFn: getCourseReviews });

/** As the dashboard's sections take a list: the items and how many there are. */
export function useCourseReviews() {
  return useQuery({ ...courseReviewsQueryOptions(), select: (data) => ({ items: data.items, total: data.items.length }) });
}
