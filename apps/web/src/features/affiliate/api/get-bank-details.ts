import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankDetailsResponse, type BankDetailsView } from '@parley/domain/affiliate-api';
import { http } from '../../../shared/lib/http';

// GET /api/affiliate/bank-details → the saved details, the account masked to its last four (or null).
export function getBankDetails(): Promise<BankDetailsView | null> {
  return http.get('/api/affiliate/bank-details', { role: 'influencer', parse: (data) => bankDetailsResponse.parse(data).bankDetails });
}

export const bankDetailsQueryOptions = () => queryOptions({ queryKey: ['affiliate', 'bank-details'], queryFn: getBankDetails });

export function useBankDetails() {
  return useQuery(bankDetailsQueryOptions());
}
