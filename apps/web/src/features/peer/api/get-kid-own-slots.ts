import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { peerSlotJoinResponse, peerSlotsResponse, type PeerSlots } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from './get-peer-overview';

// In the kid's own session: GET /api/kid-peer/slots → the practice times the parent arranged, and
// POST /api/kid-peer/slots/:id/join → { callId } from 5 minutes before the start.

export function getKidOwnSlots(): Promise<PeerSlots> {
  return http.get('/api/kid-peer/slots', { role: 'kid', actAs: 'kid', parse: (data) => peerSlotsResponse.parse(data) });
}

export const kidOwnSlotsQueryOptions = () => queryOptions({ queryKey: [...peerQueryKey, 'kid-own-slots'], queryFn: getKidOwnSlots });

export function useKidOwnSlots() {
  return useQuery(kidOwnSlotsQueryOptions());
}

export function joinKidSlot(slotId: string): Promise<string> {
  return http.post(`/api/kid-peer/slots/${encodeURIComponent(slotId)}/join`, {}, { role: 'kid', actAs: 'kid', parse: (data) => peerSlotJoinResponse.parse(data).callId });
}

export function useJoinKidSlot() {
  return useMutation({ mutationFn: joinKidSlot });
}
