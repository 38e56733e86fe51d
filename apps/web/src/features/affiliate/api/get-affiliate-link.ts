import { queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateLinkSchema, type AffiliateLink } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/link → the code and the campaign link; 403 until the affiliate is approved (spec §4).
export function getAffiliateLink(): Promise<AffiliateLink> {
  return http.get('/api/affiliate/link', { role: 'influencer', parse: (data) => affiliateLinkSchema.parse(data) });
}

export const affiliateLinkQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'link'], queryFn: getAffiliateLink, staleTime: 5 * 60_000 });

export function useAffiliateLink(enabled: boolean) {
  return useQuery({ ...affiliateLinkQueryOptions(), enabled });
}
