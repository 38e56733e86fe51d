import { hasSession } from '../../../shared/lib/session';

/** The sessions peer practice runs under: a learner's (who also practises) or a peer-only account's. */
export type PeerAs = 'learner' | 'peer';

/**
 * Which session the peer calls use, as the learner shell decides its own: the learner's when
 * the browser holds one, else the peer account's (spec §6: peer users may hold only PEER_TOKEN).
 */
export function peerAs(): PeerAs {
  return hasSession('learner') ? 'learner' : 'peer';
}
