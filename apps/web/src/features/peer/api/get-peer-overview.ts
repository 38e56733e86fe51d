import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerOverviewSchema, type PeerOverview } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerAs, type PeerAs } from '../lib/peer-as';

// GET /api/peer/me → peerOverviewSchema: the profile (null before the placement), minutes left,
// the latest plan, why "Practise now" is refused (null: allowed), suspension, warning, the queue
// and a call under way.

/** Every cached peer answer starts with this; a plan purchase invalidates it (minutes change). */
export const peerQueryKey = ['peer'] as const;

export function getPeerOverview(as: PeerAs = peerAs()): Promise<PeerOverview> {
  return http.get('/api/peer/me', { role: as, actAs: as, parse: (data) => peerOverviewSchema.parse(data) });
}

export const peerOverviewQueryOptions = () => queryOptions({ queryKey: [...peerQueryKey, 'overview'], queryFn: () => getPeerOverview() });

export function usePeerOverview() {
  return useQuery(peerOverviewQueryOptions());
}
