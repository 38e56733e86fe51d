import { queryOptions, useQuery } from '@tanstack/react-query';
import { scheduleResponse, type ScheduleResponse } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

// GET /api/teachers/:id/schedule?date&timezone&subject&forKids (spec §3 Schedule response, §7.1):
// the tutor's free slots on one date, computed by the server in the viewer's timezone.
export type ScheduleQuery = Pick<TutorViewer, 'as' | 'id' | 'timeZone' | 'subject' | 'forKids'> & { teacherId: string; date: string };

export function getSchedule(q: ScheduleQuery): Promise<ScheduleResponse> {
  return http.get(`/api/teachers/${encodeURIComponent(q.teacherId)}/schedule`, {
    query: { date: q.date, timezone: q.timeZone, subject: q.subject, forKids: q.forKids },
    role: q.as,
    actAs: q.as,
    parse: (data) => scheduleResponse.parse(data),
  });
}

/** Every cached schedule of one tutor for this viewer: what a booking makes stale. */
export const tutorSchedulesKey = (viewer: Pick<TutorViewer, 'as' | 'id'>, teacherId: string) => [...tutorsKey(viewer), 'schedule', teacherId] as const;

export const scheduleQueryOptions = (q: ScheduleQuery) =>
  queryOptions({
    queryKey: [...tutorSchedulesKey(q, q.teacherId), { date: q.date, timeZone: q.timeZone, subject: q.subject, forKids: q.forKids }],
    queryFn: () => getSchedule(q),
    // Slots fill up: a schedule is worth re-asking for after half a minute.
    staleTime: 30_000,
  });

export function useSchedule(q: ScheduleQuery) {
  return useQuery(scheduleQueryOptions(q));
}
