import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/audit?page&limit → { items, total }: every moderator action, newest first:
// who, what, to whom, why and when. Read-only (moderator session only).
export type AuditLogPage = z.infer<typeof auditLogResponse>;

export const AUDIT_LOG_PAGE_SIZE = 20;
export const auditLogQueryKey = ['moderation', 'audit'] as const;

export function getAuditLog(page: number, limit = AUDIT_LOG_PAGE_SIZE): Promise<AuditLogPage> {
  return http.get('/api/moderator/audit', { query: { page, limit }, role: 'moderator', actAs: 'moderator', parse: (data) => auditLogResponse.parse(data) });
}

export const auditLogQueryOptions = (page: number, limit = AUDIT_LOG_PAGE_SIZE) => queryOptions({ queryKey: [...auditLogQueryKey, page, limit], queryFn: () => getAuditLog(page, limit) });

export function useAuditLog(page: number) {
  return useQuery({ ...auditLogQueryOptions(page), placeholderData: keepPreviousData });
}
