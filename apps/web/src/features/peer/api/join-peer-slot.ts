import { useMutation } from '@tanstack/react-query';
import { peerSlotJoinResponse } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';

// POST /api/peer/slots/:id/join → { callId }: from 5 minutes before the start, the slot's call
// (the first side to join creates it; both get the same one).

export function joinPeerSlot(slotId: string): Promise<string> {
  const as = peerAs();
  return http.post(`/api/peer/slots/${encodeURIComponent(slotId)}/join`, {}, { role: as, actAs: as, parse: (data) => peerSlotJoinResponse.parse(data).callId });
}

export function useJoinPeerSlot() {
  return useMutation({ mutationFn: joinPeerSlot });
}
