import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerSlotsQueryOptions } from './get-peer-slots';

// POST /api/peer/slots/:id/cancel: the host withdraws a time, or the guest gives it back
// (open again for others); both before the call exists.

export function cancelPeerSlot(slotId: string): Promise<void> {
  const as = peerAs();
  return http.post(`/api/peer/slots/${encodeURIComponent(slotId)}/cancel`, {}, { role: as, actAs: as, parse: () => undefined });
}

export function useCancelPeerSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelPeerSlot, onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions().queryKey }) });
}
