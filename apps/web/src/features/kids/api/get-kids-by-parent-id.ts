import { useEffect } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSummarySchema, type KidSummary } from '@parley/domain/kids';
import { http } from '../../../shared/lib/http';
import { getItem, setItem } from '../../../shared/lib/storage';

// POST /api/learner/getKidsByParentId {} → { allKids }; the parent is the signed-in learner.
const kidsResponse = z.object({ allKids: z.array(kidSummarySchema) });

export function getKidsByParentId(): Promise<KidSummary[]> {
  return http.post('/api/learner/getKidsByParentId', {}, { role: 'learner', actAs: 'learner', parse: (data) => kidsResponse.parse(data).allKids });
}

export const kidsQueryOptions = () => queryOptions({ queryKey: ['kids', 'by-parent'], queryFn: getKidsByParentId, staleTime: 60_000 });

/** The parent's kid profiles: CHILDREN at once, refreshed from the server and kept in CHILDREN. */
export function useKids(enabled = true) {
  const query = useQuery({
    ...kidsQueryOptions(),
    enabled,
    placeholderData: () => getItem('CHILDREN') ?? undefined,
  });
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) setItem('CHILDREN', query.data);
  }, [query.data, query.isPlaceholderData]);
  return query;
}

/**
 * Shows a change to the parent's kids at once (in the cached list and in CHILDREN), then has the
 * server confirm the list. Returns the confirmation to await.
 */
export function updateKidsList(queryClient: QueryClient, change: (kids: KidSummary[]) => KidSummary[]): Promise<void> {
  const key = kidsQueryOptions().queryKey;
  const kids = change(queryClient.getQueryData<KidSummary[]>(key) ?? []);
  queryClient.setQueryData(key, kids);
  setItem('CHILDREN', kids);
  return queryClient.invalidateQueries({ queryKey: key });
}
