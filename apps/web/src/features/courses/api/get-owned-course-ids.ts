import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownedCoursesResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/courses/owned → { courseIds }: the courses the signed-in learner owns (bought or gifted).
// The catalogue's cards are the same for every viewer (the server caches them), so which of them
// the learner owns comes from this small read of its own.

export function getOwnedCourseIds(): Promise<string[]> {
  return http.get('/api/courses/owned', { role: 'learner', actAs: 'learner', parse: (data) => ownedCoursesResponse.parse(data).courseIds });
}

/** Under ['courses', …], so a purchase or a redeemed gift (each invalidates ['courses']) refreshes it. */
export const ownedCourseIdsQueryOptions = () => queryOptions({ queryKey: ['courses', 'owned'], queryFn: getOwnedCourseIds, staleTime: 30_000 });

const asSet = (ids: string[]) => new Set(ids);

/** The owned course ids as a set; asks only when `enabled` (a signed-in learner), so a visitor's catalogue makes no learner call. */
export function useOwnedCourseIds(enabled: boolean) {
  return useQuery({ ...ownedCourseIdsQueryOptions(), enabled, select: asSet });
}
