import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coursePurchaseResponse, type CoursePurchaseResponse } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// POST /api/courses/gifts/redeem { code } → Success with the course id: the signed-in learner owns
// the gifted course. The gift and every course query are fetched again.
export function redeemGift(code: string): Promise<CoursePurchaseResponse> {
  return http.post('/api/courses/gifts/redeem', { code }, { role: 'learner', actAs: 'learner', parse: (data) => coursePurchaseResponse.parse(data) });
}

export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemGift, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['courses'] }) });
}
