import { queryOptions, useQuery } from '@tanstack/react-query';
import { kidPeerKidsResponse, type KidPeerKid } from '@parley/domain/kid-peer';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from './get-peer-overview';

// GET /api/kid-peer/kids → { kids }: the parent's kids with consent, age band, level, minutes and
// why a kid cannot practise yet (null: they can).

export function getKidPeerKids(): Promise<KidPeerKid[]> {
  return http.get('/api/kid-peer/kids', { role: 'learner', actAs: 'learner', parse: (data) => kidPeerKidsResponse.parse(data).kids });
}

export const kidPeerKidsQueryOptions = () => queryOptions({ queryKey: [...peerQueryKey, 'kids'], queryFn: getKidPeerKids });

export function useKidPeerKids() {
  return useQuery(kidPeerKidsQueryOptions());
}
