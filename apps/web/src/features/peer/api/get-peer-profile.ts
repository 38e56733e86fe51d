import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerProfileSchema, type PeerProfile } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// GET /api/peer/profile → peerProfileSchema: the peer's own profile (made by the placement).

export function getPeerProfile(): Promise<PeerProfile> {
  const as = peerAs();
  return http.get('/api/peer/profile', { role: as, actAs: as, parse: (data) => peerProfileSchema.parse(data) });
}

export const peerProfileQueryOptions = () => queryOptions({ queryKey: [...peerQueryKey, 'profile'], queryFn: getPeerProfile });

export function usePeerProfile(enabled = true) {
  return useQuery({ ...peerProfileQueryOptions(), enabled });
}
