import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import type { BookingSubject } from '@parley/domain/booking';
import { getSessions, sessionsKey } from '../../../shared/api/get-sessions';
import type { BookerAs } from '../lib/booker';

// GET /api/sessions?page&limit=10&when&subject, 10 sessions a page:
// the learner's (or, with x-parley-as: kid, the active kid's) sessions, one page at a time.
export type SessionsQuery = { as: BookerAs; ownerId: string; when: 'upcoming' | 'past'; page: number; subject?: BookingSubject };

export { sessionsKey };

export const sessionsQueryOptions = (q: SessionsQuery) =>
  queryOptions({
    queryKey: [...sessionsKey, q.as, q.ownerId, q.subject ?? 'all', q.when, q.page],
    queryFn: () => getSessions({ ...q, limit: SESSION_LIST_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Sessions booked or cancelled in another tab show when this one comes back.
    refetchOnWindowFocus: 'always',
  });

export function useSessions(q: SessionsQuery) {
  return useQuery(sessionsQueryOptions(q));
}
