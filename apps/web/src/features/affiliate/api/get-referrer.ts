import { queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateReferrerSchema, type AffiliateReferrer } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/referrer (the learner's session) → { referralCode }: the code of the affiliate
// who brought the learner while it is still active, else null. Checkouts prefill it.
export function getAffiliateReferrer(): Promise<AffiliateReferrer> {
  return http.get('/api/affiliate/referrer', { role: 'learner', actAs: 'learner', parse: (data) => affiliateReferrerSchema.parse(data) });
}

export const affiliateReferrerQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'referrer'], queryFn: getAffiliateReferrer, staleTime: 5 * 60_000 });

export function useAffiliateReferrer() {
  return useQuery(affiliateReferrerQueryOptions());
}
