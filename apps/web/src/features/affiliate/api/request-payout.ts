import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutSchema, type Payout } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// POST /api/affiliate/payouts → the payout asked for (it leaves the balance at once).
export function requestPayout(amountMinor: number): Promise<Payout> {
  return http.post('/api/affiliate/payouts', { amountMinor }, { role: 'influencer', parse: (data) => payoutSchema.parse(data) });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['affiliate'] }),
  });
}
