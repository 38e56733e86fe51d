import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { sessionListResponse, type BookingSubject, type SessionItem } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import type { BookerAs } from '../lib/booker';

// GET /api/sessions?page&limit=10&when&subject (spec §7.1 Get sessions list, §9 page size 10):
// the learner's (or, with x-parley-as: kid, the active kid's) sessions, one page at a time.
export type SessionsQuery = { as: BookerAs; ownerId: string; when: 'upcoming' | 'past'; page: number; subject?: BookingSubject };

export function getSessions(q: SessionsQuery): Promise<{ items: SessionItem[]; total: number }> {
  return http.get('/api/sessions', {
    query: { page: q.page, limit: SESSION_LIST_PAGE_SIZE, when: q.when, subject: q.subject },
    role: q.as,
    actAs: q.as,
    parse: (data) => {
      const list = sessionListResponse.parse(data);
      // One kid cookie per browser: never show another kid's classes under the one asked about.
      if (list.items.some((s) => s.learner._id !== q.ownerId)) throw new Error('The active profile changed. Open the page again.');
      return list;
    },
  });
}

/** Every sessions list: what a booking makes stale (spec §4: the list is reloaded after booking). */
export const sessionsKey = ['sessions'] as const;

export const sessionsQueryOptions = (q: SessionsQuery) =>
  queryOptions({
    queryKey: [...sessionsKey, q.as, q.ownerId, q.subject ?? 'all', q.when, q.page],
    queryFn: () => getSessions(q),
    placeholderData: keepPreviousData,
  });

export function useSessions(q: SessionsQuery) {
  return useQuery(sessionsQueryOptions(q));
}
