import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { coursePurchaseResponse, type buyCoursePayload, type CoursePurchaseResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/buyCourse { courseId, method } → Success (paid from the wallet, owned now) or
// checkout with an order the checkout pays. What happens next is the caller's (use-course-payment).
export type BuyCoursePayload = z.input<typeof buyCoursePayload>;

export function buyCourse(payload: BuyCoursePayload): Promise<CoursePurchaseResponse> {
  return http.post('/api/courses/buyCourse', payload, { role: 'learner', actAs: 'learner', parse: (data) => coursePurchaseResponse.parse(data) });
}

export function useBuyCourse() {
  return useMutation({ mutationFn: buyCourse });
}
