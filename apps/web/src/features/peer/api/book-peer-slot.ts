import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peerSlotSchema, type PeerSlot } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerSlotsQueryOptions } from './get-peer-slots';

// POST /api/peer/slots/:id/book: takes another peer's practice time (one booker; refused when
// someone was quicker, it overlaps your other times, or you have fewer than 5 minutes).

export function bookPeerSlot(slotId: string): Promise<PeerSlot> {
  const as = peerAs();
  return http.post(`/api/peer/slots/${encodeURIComponent(slotId)}/book`, {}, { role: as, actAs: as, parse: (data) => peerSlotSchema.parse(data) });
}

export function useBookPeerSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookPeerSlot, onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions().queryKey }) });
}
