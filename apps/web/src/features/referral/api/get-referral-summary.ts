import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralSummarySchema, type ReferralSummary } from '@parley/domain/referral';
import { http } from '../../../shared/lib/http';

// GET /api/referrals → the signed-in learner's (or parent's) code, invite link, reward rule,
// the people who joined with the code and the total earned. Kid pages show the parent's, so
// the call always acts as the learner even when a kid session is open too.
export function getReferralSummary(): Promise<ReferralSummary> {
  return http.get('/api/referrals', { role: 'learner', actAs: 'learner', parse: (data) => referralSummarySchema.parse(data) });
}

export const referralSummaryQueryOptions = () => queryOptions({ queryKey: ['referrals', 'summary'], queryFn: getReferralSummary, staleTime: 60_000 });

export function useReferralSummary(enabled = true) {
  return useQuery({ ...referralSummaryQueryOptions(), enabled });
}
