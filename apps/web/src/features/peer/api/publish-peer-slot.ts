import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peerSlotSchema, type PeerSlot, type PeerSlotPayload } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerSlotsQueryOptions } from './get-peer-slots';

// POST /api/peer/slots { startAt, lengthMin, mode }: publishes a practice time others may book.
// Refused (off the quarter hour, too soon or far, overlapping your other times) with the server's text.

export function publishPeerSlot(payload: PeerSlotPayload): Promise<PeerSlot> {
  const as = peerAs();
  return http.post('/api/peer/slots', payload, { role: as, actAs: as, parse: (data) => peerSlotSchema.parse(data) });
}

export function usePublishPeerSlot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishPeerSlot, onSettled: () => queryClient.invalidateQueries({ queryKey: peerSlotsQueryOptions().queryKey }) });
}
