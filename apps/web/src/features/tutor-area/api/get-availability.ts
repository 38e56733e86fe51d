import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../shared/lib/http';

// GET /api/teacher/availability → { timezone, ranges: [{ weekday, startMinute, endMinute }], daysOff }:
// the tutor's weekly hours in their own timezone.
export const availabilityResponse = z.object({
  timezone: z.string(),
  ranges: z.array(z.object({ weekday: z.number().int(), startMinute: z.number().int(), endMinute: z.number().int() })),
  daysOff: z.array(z.string()),
});
export type Availability = z.infer<typeof availabilityResponse>;

export function getAvailability(): Promise<Availability> {
  return http.get('/api/teacher/availability', { role: 'teacher', actAs: 'teacher', parse: (data) => availabilityResponse.parse(data) });
}

export const availabilityQueryOptions = () => queryOptions({ queryKey: ['teacher', 'availability'], queryFn: getAvailability });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}
