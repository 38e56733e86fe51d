import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moderatorTutorsResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/moderator/tutors?q&page&limit → { items, total }: tutors by name (those whose name or
// e-mail contains q), each blocked or not, with who blocked them and why (moderator session only).
export type ModeratorTutorsPage = z.infer<typeof moderatorTutorsResponse>;

export const MODERATOR_TUTORS_PAGE_SIZE = 20;
export const moderatorTutorsQueryKey = ['moderation', 'tutors'] as const;

export function getModeratorTutors(q: string, page: number, limit = MODERATOR_TUTORS_PAGE_SIZE): Promise<ModeratorTutorsPage> {
  return http.get('/api/moderator/tutors', { query: { q: q || undefined, page, limit }, role: 'moderator', actAs: 'moderator', parse: (data) => moderatorTutorsResponse.parse(data) });
}

export const moderatorTutorsQueryOptions = (q: string, page: number, limit = MODERATOR_TUTORS_PAGE_SIZE) =>
  queryOptions({ queryKey: [...moderatorTutorsQueryKey, q, page, limit], queryFn: () => getModeratorTutors(q, page, limit) });

export function useModeratorTutors(q: string, page: number) {
  return useQuery({ ...moderatorTutorsQueryOptions(q, page), placeholderData: keepPreviousData });
}
