import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { outreachReceipt, type OutreachReceipt, type tutorApplicationPayload } from '@parley/domain/outreach';
import { http } from '../../../shared/lib/http';

// POST /api/tutor-applications { name, email, country, subjects, experienceYears, bio, link } →
// 201 { _id, message }; 400 with field errors, 429 after 5 an hour from one address.
export function sendTutorApplication(payload: z.output<typeof tutorApplicationPayload>): Promise<OutreachReceipt> {
  return http.post('/api/tutor-applications', payload, { parse: (data) => outreachReceipt.parse(data) });
}

export function useSendTutorApplication() {
  return useMutation({ mutationFn: sendTutorApplication });
}
