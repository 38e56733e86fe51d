import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { influencerApplicationsResponse, type influencerStatusFilters } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/influencers?status&page&limit → { items, total }: affiliate applications,
// pending first, each with its code, status, applied date and a rejection's reason (moderator session only).
export type InfluencerApplicationsPage = z.infer<typeof influencerApplicationsResponse>;
/** The console's filter; 'All' asks without one. */
export type InfluencerFilter = (typeof influencerStatusFilters)[number] | 'All';

export const INFLUENCER_APPLICATIONS_PAGE_SIZE = 20;
export const influencerApplicationsQueryKey = ['moderation', 'influencers'] as const;

export function getInfluencerApplications(status: InfluencerFilter, page: number, limit = INFLUENCER_APPLICATIONS_PAGE_SIZE): Promise<InfluencerApplicationsPage> {
  return http.get('/api/moderator/influencers', {
    query: { status: status === 'All' ? undefined : status, page, limit },
    role: 'moderator',
    actAs: 'moderator',
    parse: (data) => influencerApplicationsResponse.parse(data),
  });
}

export const influencerApplicationsQueryOptions = (status: InfluencerFilter, page: number, limit = INFLUENCER_APPLICATIONS_PAGE_SIZE) =>
  queryOptions({ queryKey: [...influencerApplicationsQueryKey, status, page, limit], queryFn: () => getInfluencerApplications(status, page, limit) });

export function useInfluencerApplications(status: InfluencerFilter, page: number) {
  return useQuery({ ...influencerApplicationsQueryOptions(status, page), placeholderData: keepPreviousData });
}
