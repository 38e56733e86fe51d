import { queryOptions, useQuery } from '@tanstack/react-query';
import { LEARNER_SEARCH_MIN, learnerSearchResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/learners?q → { items }: up to 20 learners whose name or e-mail contains q,
// phone numbers masked to the last four digits (moderator session only).
export type LearnerSearchResult = z.infer<typeof learnerSearchResponse>;

export function searchLearners(q: string): Promise<LearnerSearchResult> {
  return http.get('/api/moderator/learners', { query: { q }, role: 'moderator', actAs: 'moderator', parse: (data) => learnerSearchResponse.parse(data) });
}

export const learnerSearchQueryOptions = (q: string) => queryOptions({ queryKey: ['moderation', 'learners', q], queryFn: () => searchLearners(q) });

/** Asks only once there is something to search for. */
export function useLearnerSearch(q: string) {
  return useQuery({ ...learnerSearchQueryOptions(q), enabled: q.length >= LEARNER_SEARCH_MIN });
}
