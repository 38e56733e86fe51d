import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerSlotsResponse, type PeerSlots } from '@parley/domain/peer-slots';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from './get-peer-overview';
import { slotsBase, type SlotOwner } from './slot-owner';

// GET /api/peer/slots (or /api/kid-peer/kids/:kidId/slots) → { mine, open }: upcoming practice
// times (published or booked, with the partner and the call once made) and times to book.

export function getPeerSlots(owner: SlotOwner = {}): Promise<PeerSlots> {
  const { url, as } = slotsBase(owner);
  return http.get(url, { role: as, actAs: as, parse: (data) => peerSlotsResponse.parse(data) });
}

/** How often the list is asked again: news of the person's own times is pushed, times others publish or book are not. */
export const PEER_SLOTS_REFRESH_MS = 60_000;

export const peerSlotsQueryOptions = (owner: SlotOwner = {}) =>
  queryOptions({ queryKey: [...peerQueryKey, 'slots', owner.kidId ?? 'own'], queryFn: () => getPeerSlots(owner), refetchInterval: PEER_SLOTS_REFRESH_MS });

export function usePeerSlots(owner: SlotOwner = {}) {
  return useQuery(peerSlotsQueryOptions(owner));
}
