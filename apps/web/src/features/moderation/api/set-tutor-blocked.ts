import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tutorBlockResponse } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { auditLogQueryKey } from './get-audit-log';
import { moderatorTutorsQueryKey } from './get-moderator-tutors';

// POST /api/moderator/tutors/:id/block { reason } and …/unblock { reason } → the tutor as it now is
// and how many booked sessions were cancelled (each learner gets theirs back and is told).
export type TutorBlockResult = z.infer<typeof tutorBlockResponse>;

export function setTutorBlocked(tutorId: string, blocked: boolean, reason: string): Promise<TutorBlockResult> {
  return http.post(`/api/moderator/tutors/${encodeURIComponent(tutorId)}/${blocked ? 'block' : 'unblock'}`, { reason }, {
    role: 'moderator',
    actAs: 'moderator',
    parse: (data) => tutorBlockResponse.parse(data),
  });
}

export function useSetTutorBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tutorId, blocked, reason }: { tutorId: string; blocked: boolean; reason: string }) => setTutorBlocked(tutorId, blocked, reason),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: moderatorTutorsQueryKey }), queryClient.invalidateQueries({ queryKey: auditLogQueryKey })]),
  });
}
