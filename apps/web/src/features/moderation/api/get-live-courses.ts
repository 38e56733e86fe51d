import { queryOptions, useQuery } from '@tanstack/react-query';
import { liveCoursesResponse } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/live-courses → { items }: every course learners can find in the catalogue
// now, with its creator and enrolments (moderator session only). One answer, no pages.
export type LiveCourses = z.infer<typeof liveCoursesResponse>;
export type LiveCourse = LiveCourses['items'][number];

export function getLiveCourses(): Promise<LiveCourses> {
  return http.get('/api/moderator/live-courses', { role: 'moderator', actAs: 'moderator', parse: (data) => liveCoursesResponse.parse(data) });
}

export const liveCoursesQueryOptions = () => queryOptions({ queryKey: ['moderation', 'live-courses'], queryFn: getLiveCourses });

/** As the dashboard's sections take a list: the items and how many there are. */
export function useLiveCourses() {
  return useQuery({ ...liveCoursesQueryOptions(), select: (data) => ({ items: data.items, total: data.items.length }) });
}
