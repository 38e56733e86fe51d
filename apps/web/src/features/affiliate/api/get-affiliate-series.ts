import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateSeriesSchema, type AffiliateSeries } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/series?days= → the dashboard's figures per day (dashboardV2's charts).
export function getAffiliateSeries(days: number): Promise<AffiliateSeries> {
  return http.get('/api/affiliate/series', { role: 'influencer', query: { days }, parse: (data) => affiliateSeriesSchema.parse(data) });
}

export const affiliateSeriesQueryOptions = (days: number) => queryOptions({ queryKey: ['affiliate', 'series', days], queryFn: () => getAffiliateSeries(days), staleTime: 60_000 });

export function useAffiliateSeries(days: number) {
  return useQuery({ ...affiliateSeriesQueryOptions(days), placeholderData: keepPreviousData });
}
