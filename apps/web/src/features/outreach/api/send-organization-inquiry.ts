import { useMutation } from '@tanstack/react-query';
import { outreachReceipt, type OrganizationInquiryPayload, type OutreachReceipt } from '@parley/domain/outreach';
import { http } from '../../../shared/lib/http';

// POST /api/organization-inquiries { name, organization, email, teamSize, message } → 201
// { _id, message }; 400 with field errors, 429 after 5 an hour from one address.
export function sendOrganizationInquiry(payload: OrganizationInquiryPayload): Promise<OutreachReceipt> {
  return http.post('/api/organization-inquiries', payload, { parse: (data) => outreachReceipt.parse(data) });
}

export function useSendOrganizationInquiry() {
  return useMutation({ mutationFn: sendOrganizationInquiry });
}
