import { peerAs, type PeerAs } from '../lib/peer-as';

// Whose practice times a request is about: the signed-in peer's own, or (from the kid-peer pages)
// one of the parent's kids, whose times live under /api/kid-peer/kids/:kidId with the parent's session.

export type SlotOwner = { kidId?: string };

export function slotsBase(owner: SlotOwner): { url: string; as: PeerAs | 'learner' } {
  return owner.kidId ? { url: `/api/kid-peer/kids/${encodeURIComponent(owner.kidId)}/slots`, as: 'learner' } : { url: '/api/peer/slots', as: peerAs() };
}
