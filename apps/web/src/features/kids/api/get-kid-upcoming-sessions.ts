import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSubject } from '@parley/domain/booking';
import { getSessions } from '../../../shared/api/get-sessions';

// GET /api/sessions?when=upcoming&limit=5 as the kid (x-parley-as: kid): the active kid's next
// classes, optionally for one subject. The kid id is in the key so a switch never shows the
// previous kid's classes.
export const KID_UPCOMING_LIMIT = 5;

export const kidUpcomingSessionsQueryOptions = (kidId: string, subject?: BookingSubject) =>
  queryOptions({
    queryKey: ['kid', kidId, 'sessions', 'upcoming', subject ?? 'all'],
    queryFn: () => getSessions({ as: 'kid', ownerId: kidId, when: 'upcoming', limit: KID_UPCOMING_LIMIT, subject }),
  });

export function useKidUpcomingSessions(kidId: string | null, subject?: BookingSubject) {
  return useQuery({ ...kidUpcomingSessionsQueryOptions(kidId ?? '', subject), enabled: kidId !== null });
}
