import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peerSlotSchema, type PeerSlot, type PeerSlotPayload } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerSlotsQueryOptions } from './get-peer-slots';
import { slotsBase, type SlotOwner } from './slot-owner';

// POST /api/peer/slots (or a kid's) { startAt, lengthMin, mode }: publishes a practice time others
// may book. Refused (off the quarter hour, too soon or far, overlapping, no consent) with the server's text.

export function publishPeerSlot(owner: SlotOwner, payload: PeerSlotPayload): Promise<PeerSlot> {
  const { url, as } = slotsBase(owner);
  return http.post(url, payload, { role: as, actAs: as, parse: (data) => peerSlotSchema.parse(data) });
}

export function usePublishPeerSlot(owner: SlotOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: PeerSlotPayload) => publishPeerSlot(owner, payload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions(owner).queryKey }),
  });
}
