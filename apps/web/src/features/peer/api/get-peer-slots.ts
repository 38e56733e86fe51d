import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerSlotsResponse, type PeerSlots } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// GET /api/peer/slots → { mine, open }: the caller's upcoming practice times (published or
// booked, with the partner and the call once made) and times near their level they may book.

export function getPeerSlots(): Promise<PeerSlots> {
  const as = peerAs();
  return http.get('/api/peer/slots', { role: as, actAs: as, parse: (data) => peerSlotsResponse.parse(data) });
}

export const peerSlotsQueryOptions = () => queryOptions({ queryKey: [...peerQueryKey, 'slots'], queryFn: getPeerSlots });

export function usePeerSlots() {
  return useQuery(peerSlotsQueryOptions());
}
