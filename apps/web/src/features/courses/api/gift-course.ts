import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { coursePurchaseResponse, type courseGiftPayload, type CoursePurchaseResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/courseGifting { courseId, recipientEmail, recipientName, message, method } →
// Success (paid from the wallet; the redeem link is mailed) or checkout with an order to pay.
export type CourseGiftPayload = z.input<typeof courseGiftPayload>;

export function giftCourse(payload: CourseGiftPayload): Promise<CoursePurchaseResponse> {
  return http.post('/api/courses/courseGifting', payload, { role: 'learner', actAs: 'learner', parse: (data) => coursePurchaseResponse.parse(data) });
}

export function useGiftCourse() {
  return useMutation({ mutationFn: giftCourse });
}
