import type { BookingSubject, SessionItem } from '@parley/domain/booking';
import { sessionListResponse } from '@parley/domain/booking';
import { http } from '../lib/http';
import { ACTIVE_KID_CHANGED } from './get-current-user';

// GET /api/sessions?page&limit&when&subject → { items, total }: the learner's sessions, or with
// x-parley-as: kid the active kid's. Booking pages list them a page at a time; the kids
// dashboard shows the next few.
export type SessionsAsker = 'learner' | 'kid';

/** The query-key head of every sessions list: what a booking or a sessions_changed event makes stale. */
export const sessionsKey = ['sessions'] as const;

export type SessionsRequest = {
  as: SessionsAsker;
  /** The learner or kid the list must belong to. */
  ownerId: string;
  when: 'upcoming' | 'past';
  limit: number;
  page?: number;
  subject?: BookingSubject;
};

export function getSessions(q: SessionsRequest): Promise<{ items: SessionItem[]; total: number }> {
  return http.get('/api/sessions', {
    query: { page: q.page, limit: q.limit, when: q.when, subject: q.subject },
    role: q.as,
    actAs: q.as,
    parse: (data) => {
      const list = sessionListResponse.parse(data);
      // The kid cookie is one per browser: never show another kid's classes under the one asked about.
      if (list.items.some((s) => s.learner._id !== q.ownerId)) {
        throw new Error(q.as === 'kid' ? ACTIVE_KID_CHANGED : 'The active profile changed. Open the page again.');
      }
      return list;
    },
  });
}
