import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { peerPastCallsResponse } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from './get-peer-overview';

// GET /api/kid-peer/kids/:kidId/calls?page&limit → { items, total }: a kid's past calls, newest first.

export function getKidPastCalls(kidId: string, page: number, limit: number) {
  return http.get(`/api/kid-peer/kids/${encodeURIComponent(kidId)}/calls?page=${page}&limit=${limit}`, {
    role: 'learner',
    actAs: 'learner',
    parse: (data) => peerPastCallsResponse.parse(data),
  });
}

export const kidPastCallsQueryOptions = (kidId: string, page: number, limit: number) =>
  queryOptions({ queryKey: [...peerQueryKey, 'kid-calls', kidId, page, limit], queryFn: () => getKidPastCalls(kidId, page, limit), placeholderData: keepPreviousData });

export function useKidPastCalls(kidId: string | undefined, page: number, limit: number) {
  return useQuery({ ...kidPastCallsQueryOptions(kidId ?? '', page, limit), enabled: Boolean(kidId) });
}
