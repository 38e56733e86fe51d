import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { peerReportsResponse } from '@parley/domain/peer';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/peer-reports?page&limit → { items, total }: reports of peers from their
// calls, newest first, each with the reporter, the reported peer (suspended? warnings so far),
// the call's metadata and what a moderator did about it (moderator session only).
export type PeerReportsPage = z.infer<typeof peerReportsResponse>;
export type PeerReport = PeerReportsPage['items'][number];

export const PEER_REPORTS_PAGE_SIZE = 20;

export function getPeerReports(page: number, limit = PEER_REPORTS_PAGE_SIZE): Promise<PeerReportsPage> {
  return http.get('/api/moderator/peer-reports', { query: { page, limit }, role: 'moderator', actAs: 'moderator', parse: (data) => peerReportsResponse.parse(data) });
}

export const peerReportsQueryKey = ['moderation', 'peer-reports'] as const;

export const peerReportsQueryOptions = (page: number, limit = PEER_REPORTS_PAGE_SIZE) =>
  queryOptions({ queryKey: [...peerReportsQueryKey, page, limit], queryFn: () => getPeerReports(page, limit) });

export function usePeerReports(page: number) {
  return useQuery({ ...peerReportsQueryOptions(page), placeholderData: keepPreviousData });
}
