import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { coursePurchaseResponse, type buyFromCartPayload, type CoursePurchaseResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/buyCoursesFromCart { method[, subject][, courseIds shown] } → Success (every course in the cart
// owned now, paid from the wallet) or checkout with one order for the whole cart.
export type BuyFromCartPayload = z.input<typeof buyFromCartPayload>;

export function buyCoursesFromCart(payload: BuyFromCartPayload): Promise<CoursePurchaseResponse> {
  return http.post('/api/courses/buyCoursesFromCart', payload, { role: 'learner', actAs: 'learner', parse: (data) => coursePurchaseResponse.parse(data) });
}

export function useBuyCoursesFromCart() {
  return useMutation({ mutationFn: buyCoursesFromCart });
}
