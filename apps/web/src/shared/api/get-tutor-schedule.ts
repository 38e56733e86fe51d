import { scheduleResponse, type ScheduleResponse, type SessionSubject } from '@parley/domain/booking';
import { http } from '../lib/http';

// GET /api/teachers/:id/schedule?date&timezone&subject&forKids → the tutor's free slots and
// booked timings on one date, computed by the server in the viewer's timezone.
export type TutorScheduleRequest = {
  as: 'learner' | 'kid';
  teacherId: string;
  date: string;
  timeZone: string;
  subject: SessionSubject;
  forKids: boolean;
};

export function getTutorSchedule(q: TutorScheduleRequest): Promise<ScheduleResponse> {
  return http.get(`/api/teachers/${encodeURIComponent(q.teacherId)}/schedule`, {
    query: { date: q.date, timezone: q.timeZone, subject: q.subject, forKids: q.forKids },
    role: q.as,
    actAs: q.as,
    parse: (data) => scheduleResponse.parse(data),
  });
}
