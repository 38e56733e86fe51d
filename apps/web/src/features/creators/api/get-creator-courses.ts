import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorCoursesResponse } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/creator/courses → { items }: the creator's courses with status, enrolments,
// completion rate, rating and revenue per currency (creator session only).
export type CreatorCourses = z.infer<typeof creatorCoursesResponse>;
export type CreatorCourseSummary = CreatorCourses['items'][number];

export function getCreatorCourses(): Promise<CreatorCourses> {
  return http.get('/api/creator/courses', { role: 'creator', actAs: 'creator', parse: (data) => creatorCoursesResponse.parse(data) });
}

export const creatorCoursesQueryOptions = () => queryOptions({ queryKey: ['creator', 'courses'], queryFn: getCreatorCourses });

export function useCreatorCourses() {
  return useQuery(creatorCoursesQueryOptions());
}
