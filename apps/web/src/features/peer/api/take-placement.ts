import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { peerProfileSchema, type peerPlacementPayload, type PeerProfile } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// POST /api/peer/placement { answers, firstLanguage } → peerProfileSchema: the server sets the
// level from the answers (and creates the profile); the overview and profile are asked for again.
export type PlacementPayload = z.infer<typeof peerPlacementPayload>;

export function takePlacement(payload: PlacementPayload): Promise<PeerProfile> {
  const as = peerAs();
  return http.post('/api/peer/placement', payload, { role: as, actAs: as, parse: (data) => peerProfileSchema.parse(data) });
}

export function useTakePlacement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: takePlacement, onSuccess: () => queryClient.invalidateQueries({ queryKey: peerQueryKey }) });
}
