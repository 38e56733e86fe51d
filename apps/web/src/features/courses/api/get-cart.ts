import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartSchema, type Cart, type CourseSubject } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/courses/getCartDetails[?subject] → { courses, count, total }: the learner's cart (of one
// subject when given; AI courses use subject=AI), priced in the learner's currency.
export type { Cart };

export function getCart(subject?: CourseSubject): Promise<Cart> {
  return http.get('/api/courses/getCartDetails', { query: { subject }, role: 'learner', actAs: 'learner', parse: (data) => cartSchema.parse(data) });
}

/** Every cart query sits under ['courses', 'cart']; adding, removing and buying invalidate that head. */
export const cartQueryKey = ['courses', 'cart'] as const;

export const cartQueryOptions = (subject?: CourseSubject) =>
  queryOptions({ queryKey: [...cartQueryKey, subject ?? 'all'], queryFn: () => getCart(subject), staleTime: 30_000 });

export function useCart(options: { subject?: CourseSubject; enabled?: boolean } = {}) {
  return useQuery({ ...cartQueryOptions(options.subject), enabled: options.enabled ?? true });
}
