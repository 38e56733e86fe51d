import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerSlotsQueryOptions } from './get-peer-slots';
import { slotsBase, type SlotOwner } from './slot-owner';

// POST …/slots/:id/cancel: the host withdraws a time, or the guest gives it back (open again for
// others); both before the call exists.

export function cancelPeerSlot(owner: SlotOwner, slotId: string): Promise<void> {
  const { url, as } = slotsBase(owner);
  return http.post(`${url}/${encodeURIComponent(slotId)}/cancel`, {}, { role: as, actAs: as, parse: () => undefined });
}

export function useCancelPeerSlot(owner: SlotOwner = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: string) => cancelPeerSlot(owner, slotId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions(owner).queryKey }),
  });
}
