import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingResponse, type BookingResponse } from '@parley/domain/booking';
import type { CurriculumBookingPayload } from '@parley/domain/curriculum';
import { http } from '../../../shared/lib/http';

// POST /api/curriculum/sessions → the booked session: the next topic (topicId) or the level test
// (certificateId), with its level. Refused with the server's reason when it is not the next step.

export function bookCurriculumSession(payload: CurriculumBookingPayload): Promise<BookingResponse> {
  return http.post('/api/curriculum/sessions', payload, { role: 'learner', actAs: 'learner', parse: (data) => bookingResponse.parse(data) });
}

export function useBookCurriculumSession() {
  const queryClient = useQueryClient();
  // The plan's sessions left change too (the user record): refresh everything the learner sees.
  return useMutation({ mutationFn: bookCurriculumSession, onSettled: () => queryClient.invalidateQueries() });
}
