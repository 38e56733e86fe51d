import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { coursePurchaseResponse, type buyCourseSubscriptionPayload, type CoursePurchaseResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/buyCourseSubscription { subject, method, currentEndsAt } → Success (active now,
// paid from the wallet) or checkout with an order to pay; 409 PLAN_CHANGED when a subscription was
// bought since the page showed `currentEndsAt` (null: none).
export type BuyCourseSubscriptionPayload = z.input<typeof buyCourseSubscriptionPayload>;

export function buyCourseSubscription(payload: BuyCourseSubscriptionPayload): Promise<CoursePurchaseResponse> {
  return http.post('/api/courses/buyCourseSubscription', payload, { role: 'learner', actAs: 'learner', parse: (data) => coursePurchaseResponse.parse(data) });
}

export function useBuyCourseSubscription() {
  return useMutation({ mutationFn: buyCourseSubscription });
}
