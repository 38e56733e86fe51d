import { queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateDashboardSchema, type AffiliateDashboard } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/dashboard → clicks, sign-ups, paying learners, conversion, earnings and balance.
export function getAffiliateDashboard(): Promise<AffiliateDashboard> {
  return http.get('/api/affiliate/dashboard', { role: 'influencer', parse: (data) => affiliateDashboardSchema.parse(data) });
}

export const affiliateDashboardQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'dashboard'], queryFn: getAffiliateDashboard, staleTime: 30_000 });

export function useAffiliateDashboard() {
  return useQuery(affiliateDashboardQueryOptions());
}
