import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chatMessageSchema, type ChatMessage } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import { notificationsKey } from '../../notifications/api/get-notifications';
import { roomThreadQueryOptions, withMessages } from './get-room-thread';

// PUT /room/v1/message { messageId, status } → { message, toast }. Tutor only:
// Book creates a Regular session then marks the request Booked; Reject marks it Rejected. Either
// settles the request's notice in the tutor's bell.
const updateResponse = z.object({ message: chatMessageSchema, toast: z.string() });
export type MessageDecision = 'Booked' | 'Rejected';

export function updateMessageStatus(messageId: string, status: MessageDecision): Promise<{ message: ChatMessage; toast: string }> {
  return http.put('/room/v1/message', { messageId, status }, { role: 'teacher', actAs: 'teacher', parse: (data) => updateResponse.parse(data) });
}

export function useUpdateMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, status }: { messageId: string; status: MessageDecision }) => updateMessageStatus(messageId, status),
    onSuccess: ({ message }) => {
      queryClient.setQueryData(roomThreadQueryOptions('teacher', message.room).queryKey, (thread) =>
        thread ? withMessages(thread, [message]) : thread,
      );
      // The request's notice in the bell is read now that it is answered.
      void queryClient.invalidateQueries({ queryKey: notificationsKey('teacher') });
    },
  });
}
