import { useMutation } from '@tanstack/react-query';
import { bookingResponse, type BookingResponse, type SessionBookingPayload } from '@parley/domain/booking';
import { http } from '../../../shared/lib/http';
import { bookingMutationKey } from '../../../shared/ui/booking-overlay';
import type { BookerAs } from '../lib/booker';

// POST /api/sessions: the booking payload in, the booking response out.
// A kid books with x-parley-as: kid; the server decides the type, the quota and the slot.
export function createSession(as: BookerAs, payload: SessionBookingPayload): Promise<BookingResponse> {
  return http.post('/api/sessions', payload, { role: as, actAs: as, parse: (data) => bookingResponse.parse(data) });
}

export function useCreateSession(as: BookerAs) {
  return useMutation({ mutationKey: bookingMutationKey, mutationFn: (payload: SessionBookingPayload) => createSession(as, payload) });
}
