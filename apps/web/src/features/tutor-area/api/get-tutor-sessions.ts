import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListResponse, type SessionItem } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';

// GET /api/teacher/sessions?page&limit&when → { items, total }: the tutor's upcoming sessions,
// soonest first, or (when=past) the ended and cancelled ones, latest first by when each ended or was
// called off, with their outcome.
export type TutorSessionsQuery = { page: number; limit: number; when?: 'upcoming' | 'past' };

export function getTutorSessions({ when = 'upcoming', ...page }: TutorSessionsQuery): Promise<{ items: SessionItem[]; total: number }> {
  return http.get('/api/teacher/sessions', { query: { ...page, when }, role: 'teacher', actAs: 'teacher', parse: (data) => sessionListResponse.parse(data) });
}

/** Every tutor session list: what a cancellation or the socket's sessions_changed makes stale. */
export const tutorSessionsKey = ['teacher', 'sessions'] as const;

export const tutorSessionsQueryOptions = (q: TutorSessionsQuery) =>
  queryOptions({ queryKey: [...tutorSessionsKey, { when: 'upcoming', ...q }], queryFn: () => getTutorSessions(q), placeholderData: keepPreviousData, staleTime: 30_000 });

export function useTutorSessions(q: TutorSessionsQuery) {
  return useQuery(tutorSessionsQueryOptions(q));
}
