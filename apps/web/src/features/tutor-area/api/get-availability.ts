import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityResponse, type AvailabilityResponse } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';

// GET /api/teacher/availability → { timezone, ranges: [{ weekday, startMinute, endMinute }], daysOff, block, bookedDays }:
// the tutor's weekly hours in their own timezone, whether a moderator has them blocked, and the
// days with booked sessions (with how many).
export type Availability = AvailabilityResponse;

export function getAvailability(): Promise<Availability> {
  return http.get('/api/teacher/availability', { role: 'teacher', actAs: 'teacher', parse: (data) => availabilityResponse.parse(data) });
}

export const availabilityQueryOptions = () => queryOptions({ queryKey: ['teacher', 'availability'], queryFn: getAvailability });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}

/** Reads the saved hours again now (another tab saved over the ones this page read), into the cache the page shows. */
export function useReloadAvailability() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...availabilityQueryOptions(), staleTime: 0 });
}
