import { useMutation } from '@tanstack/react-query';
import { cancelSessionResponse } from '@parley/domain/live-sessions';
import { http } from '../lib/http';
import type { SessionActor } from './get-cancel-preview';

// POST /api/sessions/:id/cancel { reason } → { status: 'cancelled', refunded, message }: the learner,
// the active kid or the tutor cancels a booked session; the server decides the refund.
export type CancelResult = { status: 'cancelled'; refunded: boolean; message: string };

export function cancelSession(as: SessionActor, sessionId: string, reason: string): Promise<CancelResult> {
  return http.post(`/api/sessions/${encodeURIComponent(sessionId)}/cancel`, { reason }, { role: as, actAs: as, parse: (data) => cancelSessionResponse.parse(data) });
}

export function useCancelSession(as: SessionActor) {
  return useMutation({ mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) => cancelSession(as, sessionId, reason) });
}
