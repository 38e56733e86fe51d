import { useMutation } from '@tanstack/react-query';
import { phoneCodeSentResponse } from '@parley/domain/phone-verification';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';

// POST /api/learner/phone/send-code → where the code went (masked), until when it works, sends left this hour.
export type PhoneCodeSent = z.infer<typeof phoneCodeSentResponse>;

export function sendPhoneCode(): Promise<PhoneCodeSent> {
  return http.post('/api/learner/phone/send-code', undefined, { role: 'learner', parse: (data) => phoneCodeSentResponse.parse(data) });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
