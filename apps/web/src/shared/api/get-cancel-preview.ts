import { queryOptions, useQuery } from '@tanstack/react-query';
import { cancelPreviewResponse } from '@parley/domain/live-sessions';
import { http } from '../lib/http';

// GET /api/sessions/:id/cancel-preview → { refunded, message }: whether cancelling now gives the
// session back, said before the user confirms. Asked by the learner, the active kid (x-parley-as:
// kid) or the tutor; the booking and tutor-area session lists both show it.
export type SessionActor = 'learner' | 'kid' | 'teacher';

export type CancelPreview = { refunded: boolean; message: string };

export function getCancelPreview(as: SessionActor, sessionId: string): Promise<CancelPreview> {
  return http.get(`/api/sessions/${encodeURIComponent(sessionId)}/cancel-preview`, { role: as, actAs: as, parse: (data) => cancelPreviewResponse.parse(data) });
}

export const cancelPreviewQueryOptions = (as: SessionActor, sessionId: string) =>
  // The answer depends on the clock (12 hours before the start): asked afresh each time the dialog opens.
  queryOptions({ queryKey: ['cancel-preview', as, sessionId], queryFn: () => getCancelPreview(as, sessionId), staleTime: 0, gcTime: 0 });

export function useCancelPreview(as: SessionActor, sessionId: string, enabled: boolean) {
  return useQuery({ ...cancelPreviewQueryOptions(as, sessionId), enabled });
}
