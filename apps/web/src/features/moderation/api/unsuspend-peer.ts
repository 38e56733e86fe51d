import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerReportsQueryKey } from './get-peer-reports';

// POST /api/moderator/peers/:userId/unsuspend { reason }: lifts a peer's suspension.

export function unsuspendPeer(userId: string, reason: string): Promise<void> {
  return http.post(`/api/moderator/peers/${encodeURIComponent(userId)}/unsuspend`, { reason }, { role: 'moderator', actAs: 'moderator', parse: () => undefined });
}

export function useUnsuspendPeer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => unsuspendPeer(userId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerReportsQueryKey }),
  });
}
