import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chatMessageSchema, type ChatMessage } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';
import { roomThreadQueryOptions, withMessages } from './get-room-thread';

// POST /room/v1/sendFile, multipart: chatroomId, role=Learner, then the file as chatFile.
// IELTS learners only, ≤ 5 MB, pdf/png/jpeg/mp3/m4a/docx (the server checks).
const sendFileResponse = z.object({ message: chatMessageSchema });
const UPLOAD_TIMEOUT_MS = 60_000;

export function sendFile(as: ChatAs, chatroomId: string, file: File): Promise<ChatMessage> {
  const form = new FormData();
  // The fields go before the file: the server reads them when the file part arrives.
  form.append('chatroomId', chatroomId);
  form.append('role', as === 'teacher' ? 'Teacher' : 'Learner');
  form.append('chatFile', file, file.name);
  return http.post('/room/v1/sendFile', form, { role: as, actAs: as, timeoutMs: UPLOAD_TIMEOUT_MS, parse: (data) => sendFileResponse.parse(data).message });
}

export function useSendFile(as: ChatAs) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatroomId, file }: { chatroomId: string; file: File }) => sendFile(as, chatroomId, file),
    onSuccess: (message) => {
      queryClient.setQueryData(roomThreadQueryOptions(as, message.room).queryKey, (thread) =>
        thread ? withMessages(thread, [message]) : thread,
      );
    },
  });
}
