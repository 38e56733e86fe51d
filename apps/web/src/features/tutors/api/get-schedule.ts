import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTutorSchedule } from '../../../shared/api/get-tutor-schedule';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

// GET /api/teachers/:id/schedule?date&timezone&subject&forKids:
// the tutor's free slots on one date, computed by the server in the viewer's timezone.
export type ScheduleQuery = Pick<TutorViewer, 'as' | 'id' | 'timeZone' | 'subject' | 'forKids'> & { teacherId: string; date: string };

/** Every cached schedule of one tutor for this viewer: what a booking makes stale. */
export const tutorSchedulesKey = (viewer: Pick<TutorViewer, 'as' | 'id'>, teacherId: string) => [...tutorsKey(viewer), 'schedule', teacherId] as const;

export const scheduleQueryOptions = (q: ScheduleQuery) =>
  queryOptions({
    queryKey: [...tutorSchedulesKey(q, q.teacherId), { date: q.date, timeZone: q.timeZone, subject: q.subject, forKids: q.forKids }],
    queryFn: () => getTutorSchedule(q),
    // Slots fill up: a schedule is worth re-asking for after half a minute, and when the tab comes back
    // (an open one is also asked again as soon as the server says it changed: use-schedule-live.ts).
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export function useSchedule(q: ScheduleQuery) {
  return useQuery(scheduleQueryOptions(q));
}
