import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleResponse, type BookingSubject } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';

// GET /api/teachers/:id/schedule?date&timezone&subject&forKids → bookedTimings (spec §3, §7.1):
// the tutor's sessions that day, which the chat time select shows as reserved (spec §5).
export type BookedTimingsQuery = { teacherId: string; date: string; timeZone: string; subject: BookingSubject; forKids: boolean };
const bookedOnly = scheduleResponse.pick({ bookedTimings: true });

export function getTutorBookedTimings(as: Exclude<ChatAs, 'teacher'>, q: BookedTimingsQuery): Promise<string[]> {
  return http.get(`/api/teachers/${encodeURIComponent(q.teacherId)}/schedule`, {
    query: { date: q.date, timezone: q.timeZone, subject: q.subject, forKids: q.forKids },
    role: as,
    actAs: as,
    parse: (data) => bookedOnly.parse(data).bookedTimings,
  });
}

export const tutorBookedTimingsQueryOptions = (as: Exclude<ChatAs, 'teacher'>, q: BookedTimingsQuery) =>
  queryOptions({ queryKey: ['chat', as, 'booked-timings', q], queryFn: () => getTutorBookedTimings(as, q), staleTime: 30_000 });

export function useTutorBookedTimings(as: Exclude<ChatAs, 'teacher'>, q: BookedTimingsQuery, enabled = true) {
  return useQuery({ ...tutorBookedTimingsQueryOptions(as, q), enabled });
}
