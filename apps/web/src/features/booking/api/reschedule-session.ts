import { useMutation } from '@tanstack/react-query';
import { rescheduleSessionResponse } from '@parley/domain/live-sessions';
import { http } from '../../../shared/lib/http';
import type { BookerAs } from '../lib/booker';

// POST /api/sessions/:id/reschedule { startTime, endTime, timezone } → the new session and what
// happened to the old one. Cancel and book in one step: when it fails the old booking stands.
export type RescheduleRequest = { sessionId: string; startTime: string; endTime: string; timezone: string };

export function rescheduleSession(as: BookerAs, { sessionId, ...slot }: RescheduleRequest) {
  return http.post(`/api/sessions/${encodeURIComponent(sessionId)}/reschedule`, slot, { role: as, actAs: as, parse: (data) => rescheduleSessionResponse.parse(data) });
}

export function useRescheduleSession(as: BookerAs) {
  return useMutation({ mutationFn: (request: RescheduleRequest) => rescheduleSession(as, request) });
}
