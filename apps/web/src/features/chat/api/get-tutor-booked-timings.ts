import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSubject } from '@parley/domain/booking';
import { getTutorSchedule } from '../../../shared/api/get-tutor-schedule';
import type { ChatAs } from '../lib/chat-viewer';

// The tutor's sessions that day, which the chat time select shows as reserved.
export type BookedTimingsQuery = { teacherId: string; date: string; timeZone: string; subject: BookingSubject; forKids: boolean };
export const tutorBookedTimingsQueryOptions = (as: Exclude<ChatAs, 'teacher'>, q: BookedTimingsQuery) =>
  queryOptions({ queryKey: ['chat', as, 'booked-timings', q], queryFn: async () => (await getTutorSchedule({ ...q, as })).bookedTimings, staleTime: 30_000 });

export function useTutorBookedTimings(as: Exclude<ChatAs, 'teacher'>, q: BookedTimingsQuery, enabled = true) {
  return useQuery({ ...tutorBookedTimingsQueryOptions(as, q), enabled });
}
