import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { kidSummarySchema, type NewKidPayload } from '@parley/domain/kids';
import { http } from '../../../shared/lib/http';
import { kidsQueryOptions, updateKidsList } from './get-kids-by-parent-id';

// POST /api/learner/newKid { name, avatar, dob } → 201 { kid, message }; a fourth kid
// answers 409 KID_LIMIT_REACHED with the server's message (at most 3 kid profiles).
const newKidResponse = z.object({ kid: kidSummarySchema, message: z.string() });
export type NewKidResponse = z.infer<typeof newKidResponse>;

export function newKid(payload: NewKidPayload): Promise<NewKidResponse> {
  return http.post('/api/learner/newKid', payload, { role: 'learner', actAs: 'learner', parse: (data) => newKidResponse.parse(data) });
}

export function useNewKid() {
  const queryClient = useQueryClient();
  const key = kidsQueryOptions().queryKey;
  return useMutation({
    mutationFn: newKid,
    onSuccess: ({ kid }) => updateKidsList(queryClient, (kids) => [...kids.filter((k) => k._id !== kid._id), kid]),
    // A refusal (e.g. the limit reached from another tab) means our list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
