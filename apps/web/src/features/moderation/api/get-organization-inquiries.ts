import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organizationInquiriesResponse, type OrganizationInquiry } from '@parley/domain/outreach';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/organization-inquiries?page&limit → { items, total }: what organizations sent
// from /organization, newest first (moderator session only).
export type OrganizationInquiriesPage = z.infer<typeof organizationInquiriesResponse>;
export type { OrganizationInquiry };

export const ORGANIZATION_INQUIRIES_PAGE_SIZE = 20;

export function getOrganizationInquiries(page: number, limit = ORGANIZATION_INQUIRIES_PAGE_SIZE): Promise<OrganizationInquiriesPage> {
  return http.get('/api/moderator/organization-inquiries', { query: { page, limit }, role: 'moderator', actAs: 'moderator', parse: (data) => organizationInquiriesResponse.parse(data) });
}

export const organizationInquiriesQueryOptions = (page: number, limit = ORGANIZATION_INQUIRIES_PAGE_SIZE) =>
  queryOptions({ queryKey: ['moderation', 'organization-inquiries', page, limit], queryFn: () => getOrganizationInquiries(page, limit) });

export function useOrganizationInquiries(page: number) {
  return useQuery({ ...organizationInquiriesQueryOptions(page), placeholderData: keepPreviousData });
}
