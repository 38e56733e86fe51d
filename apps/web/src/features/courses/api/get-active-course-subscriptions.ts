import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { activeCourseSubscriptionsResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/getAllActiveSubscriptions → { items }: the learner's course subscriptions that
// are active now (each unlocks every course of its subject).
export type ActiveCourseSubscription = z.infer<typeof activeCourseSubscriptionsResponse>['items'][number];

export function getActiveCourseSubscriptions(): Promise<ActiveCourseSubscription[]> {
  return http.post('/api/courses/getAllActiveSubscriptions', {}, { role: 'learner', actAs: 'learner', parse: (data) => activeCourseSubscriptionsResponse.parse(data).items });
}

export const activeCourseSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: ['courses', 'active-subscriptions'], queryFn: getActiveCourseSubscriptions, staleTime: 60_000 });

export function useActiveCourseSubscriptions(enabled = true) {
  return useQuery({ ...activeCourseSubscriptionsQueryOptions(), enabled });
}
