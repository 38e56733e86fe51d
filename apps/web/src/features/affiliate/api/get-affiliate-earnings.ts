import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateEarningsSchema, type AffiliateEarnings } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

export const EARNINGS_PAGE_SIZE = 20;

// GET /api/affiliate/earnings?page=&limit= → every commission line, newest first.
export function getAffiliateEarnings(page: number): Promise<AffiliateEarnings> {
  return http.get('/api/affiliate/earnings', { role: 'influencer', query: { page, limit: EARNINGS_PAGE_SIZE }, parse: (data) => affiliateEarningsSchema.parse(data) });
}

export const affiliateEarningsQueryOptions = (page: number) => queryOptions({ queryKey: ['affiliate', 'earnings', page], queryFn: () => getAffiliateEarnings(page), staleTime: 30_000 });

export function useAffiliateEarnings(page: number) {
  return useQuery({ ...affiliateEarningsQueryOptions(page), placeholderData: keepPreviousData });
}
