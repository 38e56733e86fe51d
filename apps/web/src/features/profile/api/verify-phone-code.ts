import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { setItem } from '../../../shared/lib/storage';

// POST /api/learner/phone/verify { code } → { message, user } with isPhoneNumberVerified.
const verifyResponse = z.object({ message: z.string(), user: userRecordSchema });

export function verifyPhoneCode(code: string): Promise<{ message: string; user: UserRecord }> {
  return http.post('/api/learner/phone/verify', { code }, { role: 'learner', parse: (data) => verifyResponse.parse(data) });
}

export function useVerifyPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: ({ user }) => {
      setItem('USER', user);
      queryClient.setQueryData(meQueryOptions('learner').queryKey, user);
    },
  });
}
