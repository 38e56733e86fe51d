import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { myCoursesResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/courses/my-courses → { items }: the courses the learner owns (bought, gifted or unlocked
// by a course subscription), each with its progress, where to resume and its certificate.
export type MyCourse = z.infer<typeof myCoursesResponse>['items'][number];

export function getMyCourses(): Promise<MyCourse[]> {
  return http.get('/api/courses/my-courses', { role: 'learner', actAs: 'learner', parse: (data) => myCoursesResponse.parse(data).items });
}

/** Under ['courses', …], so a purchase (which invalidates ['courses']) refreshes it. */
export const myCoursesQueryOptions = () => queryOptions({ queryKey: ['courses', 'mine'], queryFn: getMyCourses });

export function useMyCourses() {
  return useQuery(myCoursesQueryOptions());
}
