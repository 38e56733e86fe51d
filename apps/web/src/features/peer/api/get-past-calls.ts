import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PEER_PAST_CALLS_PAGE_SIZE, peerPastCallsResponse } from '@parley/domain/peer';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// GET /api/peer/calls?page&limit → { items, total }: Past Calls, newest first.
export type PastCalls = z.infer<typeof peerPastCallsResponse>;

export function getPastCalls(page: number, limit = PEER_PAST_CALLS_PAGE_SIZE): Promise<PastCalls> {
  const as = peerAs();
  return http.get('/api/peer/calls', { query: { page, limit }, role: as, actAs: as, parse: (data) => peerPastCallsResponse.parse(data) });
}

export const pastCallsQueryKey = [...peerQueryKey, 'past-calls'] as const;

export const pastCallsQueryOptions = (page: number, limit = PEER_PAST_CALLS_PAGE_SIZE) =>
  queryOptions({ queryKey: [...pastCallsQueryKey, page, limit], queryFn: () => getPastCalls(page, limit) });

export function usePastCalls(page: number, limit = PEER_PAST_CALLS_PAGE_SIZE) {
  return useQuery({ ...pastCallsQueryOptions(page, limit), placeholderData: keepPreviousData });
}
