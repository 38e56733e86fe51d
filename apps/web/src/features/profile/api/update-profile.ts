import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProfileUpdatePayload } from '@parley/domain/auth';
import { userRecordSchema, type UserRecord } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { walletQueryOptions } from '../../../shared/api/get-wallet';
import { rememberPriceCurrency } from '../../../shared/lib/price-currency';
import { setItem } from '../../../shared/lib/storage';

// PUT /api/learner/profile (profileUpdatePayload) → { user }
const profileResponse = z.object({ user: userRecordSchema });

export function updateProfile(payload: ProfileUpdatePayload): Promise<UserRecord> {
  return http.put('/api/learner/profile', payload, { role: 'learner', parse: (data) => profileResponse.parse(data).user });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setItem('USER', user);
      setItem('TIMEZONE', { timezone: user.timezone, country: user.country });
      queryClient.setQueryData(meQueryOptions('learner').queryKey, user);
      // A new country can bring a new currency: the wallet (while empty) and every price follow it.
      rememberPriceCurrency();
      void queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey });
    },
  });
}
