import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSubject } from '@parley/domain/booking';
import { sessionListResponse, type SessionItem } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { ACTIVE_KID_CHANGED } from '../../../shared/lib/current-user';

// GET /api/sessions?when=upcoming&limit=5 as the kid (x-parley-as: kid): the active kid's next
// classes, optionally for one subject. The kid id is in the key so a switch never shows the
// previous kid's classes.
export const KID_UPCOMING_LIMIT = 5;

export function getKidUpcomingSessions(kidId: string, subject?: BookingSubject): Promise<{ items: SessionItem[]; total: number }> {
  return http.get('/api/sessions', {
    query: { when: 'upcoming', limit: KID_UPCOMING_LIMIT, subject },
    role: 'kid',
    actAs: 'kid',
    parse: (data) => {
      const list = sessionListResponse.parse(data);
      // The kid cookie is one per browser: never show another kid's classes under this kid.
      if (list.items.some((s) => s.learner._id !== kidId)) throw new Error(ACTIVE_KID_CHANGED);
      return list;
    },
  });
}

export const kidUpcomingSessionsQueryOptions = (kidId: string, subject?: BookingSubject) =>
  queryOptions({
    queryKey: ['kid', kidId, 'sessions', 'upcoming', subject ?? 'all'],
    queryFn: () => getKidUpcomingSessions(kidId, subject),
  });

export function useKidUpcomingSessions(kidId: string | null, subject?: BookingSubject) {
  return useQuery({ ...kidUpcomingSessionsQueryOptions(kidId ?? '', subject), enabled: kidId !== null });
}
