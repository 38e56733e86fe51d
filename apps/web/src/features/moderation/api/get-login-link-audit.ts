import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loginLinkAuditResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/login-link-audit?page&limit → { items, total }: every single-use login link
// a moderator minted for a learner, newest first (moderator session only).
export type LoginLinkAuditPage = z.infer<typeof loginLinkAuditResponse>;

export const LOGIN_LINK_AUDIT_PAGE_SIZE = 20;

export function getLoginLinkAudit(page: number, limit = LOGIN_LINK_AUDIT_PAGE_SIZE): Promise<LoginLinkAuditPage> {
  return http.get('/api/moderator/login-link-audit', {
    query: { page, limit },
    role: 'moderator',
    actAs: 'moderator',
    parse: (data) => loginLinkAuditResponse.parse(data),
  });
}

export const loginLinkAuditQueryOptions = (page: number, limit = LOGIN_LINK_AUDIT_PAGE_SIZE) =>
  queryOptions({ queryKey: ['moderation', 'login-link-audit', page, limit], queryFn: () => getLoginLinkAudit(page, limit) });

export function useLoginLinkAudit(page: number) {
  return useQuery({ ...loginLinkAuditQueryOptions(page), placeholderData: keepPreviousData });
}
