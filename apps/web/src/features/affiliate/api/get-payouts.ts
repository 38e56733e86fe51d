import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutsResponse, type PayoutsOverview } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/payouts → the available balance, the minimum, and the payout history.
export function getPayouts(): Promise<PayoutsOverview> {
  return http.get('/api/affiliate/payouts', { role: 'influencer', parse: (data) => payoutsResponse.parse(data) });
}

/** How often the page asks again while a payout is on its way (the sandbox pays within a second, RazorpayX within minutes; no push arrives). */
export const PAYOUT_SETTLING_POLL_MS = 5_000;

const settling = (overview: PayoutsOverview | undefined) => overview?.items.some((p) => p.status === 'requested' || p.status === 'processing') ?? false;

export const payoutsQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'payouts'],
    queryFn: getPayouts,
    // A requested row turns Paid (or Failed) on the page without a reload.
    refetchInterval: (query) => (settling(query.state.data) ? PAYOUT_SETTLING_POLL_MS : false),
  });

export function usePayouts() {
  return useQuery(payoutsQueryOptions());
}
