import { queryOptions, useQuery } from '@tanstack/react-query';
import { affiliateProfileSchema, type AffiliateProfile } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/profile → the affiliate's code, coupon discount and live status.
export function getAffiliateProfile(): Promise<AffiliateProfile> {
  return http.get('/api/affiliate/profile', { role: 'influencer', parse: (data) => affiliateProfileSchema.parse(data) });
}

export const affiliateProfileQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'profile'], queryFn: getAffiliateProfile, staleTime: 60_000 });

export function useAffiliateProfile() {
  return useQuery(affiliateProfileQueryOptions());
}
