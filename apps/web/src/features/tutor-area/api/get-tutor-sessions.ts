import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListResponse, type SessionItem } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';

// GET /api/teacher/sessions?page&limit → { items, total }: the tutor's upcoming sessions, soonest first.
export type TutorSessionsQuery = { page: number; limit: number };

export function getTutorSessions(q: TutorSessionsQuery): Promise<{ items: SessionItem[]; total: number }> {
  return http.get('/api/teacher/sessions', { query: q, role: 'teacher', actAs: 'teacher', parse: (data) => sessionListResponse.parse(data) });
}

export const tutorSessionsQueryOptions = (q: TutorSessionsQuery) =>
  queryOptions({ queryKey: ['teacher', 'sessions', q], queryFn: () => getTutorSessions(q), placeholderData: keepPreviousData, staleTime: 30_000 });

export function useTutorSessions(q: TutorSessionsQuery) {
  return useQuery(tutorSessionsQueryOptions(q));
}
