import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartSchema, type Cart } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';
import type { CartItemPayload } from './add-to-cart';
import { cartQueryKey } from './get-cart';

// POST /api/courses/removeFromCart { courseId[, subject] } (AI courses carry subject=AI) → the cart (of
// that subject when given). Every cart query and the course are fetched again afterwards.
export function removeFromCart(payload: CartItemPayload): Promise<Cart> {
  return http.post('/api/courses/removeFromCart', payload, { role: 'learner', actAs: 'learner', parse: (data) => cartSchema.parse(data) });
}

export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromCart,
    onSuccess: (_data, { courseId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cartQueryKey }), queryClient.invalidateQueries({ queryKey: ['courses', 'detail', courseId] })]),
  });
}
