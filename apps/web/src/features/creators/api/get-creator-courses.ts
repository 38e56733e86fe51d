import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CREATOR_COURSES_PAGE_SIZE, creatorCoursesResponse } from '@parley/domain/courses';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/creator/courses?page&limit → { items, total }: a page of the creator's courses with
// status, enrolments, completion rate, rating and revenue per currency (creator session only).
export type CreatorCourses = z.infer<typeof creatorCoursesResponse>;
export type CreatorCourseSummary = CreatorCourses['items'][number];

export function getCreatorCourses(page: number): Promise<CreatorCourses> {
  return http.get(`/api/creator/courses?page=${page}&limit=${CREATOR_COURSES_PAGE_SIZE}`, { role: 'creator', actAs: 'creator', parse: (data) => creatorCoursesResponse.parse(data) });
}

/** Every page of the list: what a change to a course invalidates. */
export const creatorCourseListKey = ['creator', 'courses', 'list'] as const;

export const creatorCoursesQueryOptions = (page: number) => queryOptions({ queryKey: [...creatorCourseListKey, page], queryFn: () => getCreatorCourses(page), placeholderData: keepPreviousData });

export function useCreatorCourses(page: number) {
  return useQuery(creatorCoursesQueryOptions(page));
}
