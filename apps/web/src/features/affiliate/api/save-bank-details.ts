import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsPayload } from '@parley/domain/affiliate';
import { bankDetailsResponse, type BankDetailsView } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// PUT /api/affiliate/bank-details → the saved details, masked.
export function saveBankDetails(details: BankDetailsPayload): Promise<BankDetailsView | null> {
  return http.put('/api/affiliate/bank-details', details, { role: 'influencer', parse: (data) => bankDetailsResponse.parse(data).bankDetails });
}

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(['affiliate', 'bank-details'], saved);
      void queryClient.invalidateQueries({ queryKey: ['affiliate', 'payouts'] });
    },
  });
}
