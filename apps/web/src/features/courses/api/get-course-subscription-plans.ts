import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { courseSubscriptionPlansResponse, type courseSubscriptionOfferSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { visitorCurrency } from '../../../shared/lib/price-currency';
import { isSignedInLearner } from '../lib/signed-in-learner';

// GET /api/courses/subscription-plans → { items }: what buyCourseSubscription sells, one offer per
// subject, in the viewer's currency (a visitor's from the country their timezone implies).
export type CourseSubscriptionOffer = z.infer<typeof courseSubscriptionOfferSchema>;

export function getCourseSubscriptionPlans(): Promise<CourseSubscriptionOffer[]> {
  const signedIn = isSignedInLearner();
  return http.get('/api/courses/subscription-plans', {
    query: { currency: signedIn ? undefined : visitorCurrency() },
    ...(signedIn ? { role: 'learner', actAs: 'learner' } : {}),
    parse: (data) => courseSubscriptionPlansResponse.parse(data).items,
  });
}

export const courseSubscriptionPlansQueryOptions = () =>
  queryOptions({ queryKey: ['courses', 'subscription-plans'], queryFn: getCourseSubscriptionPlans, staleTime: 5 * 60_000 });

export function useCourseSubscriptionPlans() {
  return useQuery(courseSubscriptionPlansQueryOptions());
}
