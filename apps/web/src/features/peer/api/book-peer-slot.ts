import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peerSlotSchema, type PeerSlot } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerSlotsQueryOptions } from './get-peer-slots';
import { slotsBase, type SlotOwner } from './slot-owner';

// POST …/slots/:id/book: takes another peer's practice time (one booker; refused when someone was
// quicker, it overlaps your other times, or there are fewer than 5 minutes).

export function bookPeerSlot(owner: SlotOwner, slotId: string): Promise<PeerSlot> {
  const { url, as } = slotsBase(owner);
  return http.post(`${url}/${encodeURIComponent(slotId)}/book`, {}, { role: as, actAs: as, parse: (data) => peerSlotSchema.parse(data) });
}

export function useBookPeerSlot(owner: SlotOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: string) => bookPeerSlot(owner, slotId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions(owner).queryKey }),
  });
}
