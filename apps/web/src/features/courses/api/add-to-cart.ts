import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { cartSchema, type Cart, type cartItemPayload } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import { cartQueryKey } from './get-cart';

// POST /api/courses/addToCart { courseId[, subject] } (AI courses carry subject=AI) → the cart (of that
// subject when given). Every cart query and the course are fetched again afterwards.
export type CartItemPayload = z.input<typeof cartItemPayload>;

export function addToCart(payload: CartItemPayload): Promise<Cart> {
  return http.post('/api/courses/addToCart', payload, { role: 'learner', actAs: 'learner', parse: (data) => cartSchema.parse(data) });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (_data, { courseId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cartQueryKey }), queryClient.invalidateQueries({ queryKey: ['courses', 'detail', courseId] })]),
  });
}
