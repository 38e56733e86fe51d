import { useMutation, useQueryClient } from '@tanstack/react-query';
import { availabilityResponse, type AvailabilityPayload } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { availabilityQueryOptions, type Availability } from './get-availability';

// PUT /api/teacher/availability { ranges, daysOff } → the saved availability (the week is replaced whole).
export function saveAvailability(payload: AvailabilityPayload): Promise<Availability> {
  return http.put('/api/teacher/availability', payload, { role: 'teacher', actAs: 'teacher', parse: (data) => availabilityResponse.parse(data) });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (saved) => queryClient.setQueryData(availabilityQueryOptions().queryKey, saved),
  });
}
