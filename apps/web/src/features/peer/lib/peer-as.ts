import { hasSession } from '../../../shared/lib/session';

/** The sessions peer practice runs under: a learner's (who also practises), a peer-only account's, or a kid's. */
export type PeerAs = 'learner' | 'peer' | 'kid';

/**
 * Which session the peer calls use, as the learner shell decides its own: in the kids area (a
 * kid's scheduled practice) the kid's; else the learner's when the browser holds one, else the
 * peer account's (spec §6: peer users may hold only PEER_TOKEN).
 */
export function peerAs(): PeerAs {
  if (typeof window !== 'undefined' && window.location.pathname.startsWith('/kids/') && hasSession('kid')) return 'kid';
  return hasSession('learner') ? 'learner' : 'peer';
}
