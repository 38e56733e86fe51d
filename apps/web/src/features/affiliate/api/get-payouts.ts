import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutsResponse, type PayoutsOverview } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/payouts → the available balance, the minimum, and the payout history.
export function getPayouts(): Promise<PayoutsOverview> {
  return http.get('/api/affiliate/payouts', { role: 'influencer', parse: (data) => payoutsResponse.parse(data) });
}

export const payoutsQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'payouts'], queryFn: getPayouts });

export function usePayouts() {
  return useQuery(payoutsQueryOptions());
}
