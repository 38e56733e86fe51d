import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatroomMessagePayload } from '@parley/domain/chat';
import { emitWithAck, SocketUnreachableError, type ChatSocket } from '../../../shared/lib/socket';
import { notify } from '../../../shared/lib/toast';
import { chatErrorText } from '../lib/chat-error-text';
import type { ChatAs } from '../lib/chat-viewer';
import { roomThreadQueryOptions, withMessages, type RoomThread } from './get-room-thread';

// Socket emit chatroom_message → ack { ok, data: ChatMessage } | { ok: false, message }.
// The server stores the message before it acks and broadcasts it, so an acked message is kept
// and the broadcast copy merges into it by _id.

export async function sendChatMessage(socket: ChatSocket, payload: ChatroomMessagePayload): Promise<ChatMessage | null> {
  // The socket may not notice a lost network for most of a minute: a message sent meanwhile would
  // go out once the network is back, after the page had said it failed.
  if (!navigator.onLine) throw new SocketUnreachableError('The browser is offline');
  const result = await emitWithAck(socket, 'chatroom_message', payload);
  // A refusal also arrives as error_message, which the realtime hook shows.
  return result.ok ? result.data : null;
}

const arrived = (thread: RoomThread | undefined, clientMessageId: string) => thread?.messages.some((m) => m.clientMessageId === clientMessageId) ?? false;

/** Sends and merges the stored message into the room; resolves to whether it was stored. */
export function useSendChatMessage(as: ChatAs, socket: ChatSocket | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (payload: ChatroomMessagePayload): Promise<boolean> => {
      try {
        if (!socket) throw new Error('No socket');
        const stored = await sendChatMessage(socket, payload);
        if (!stored) return false;
        queryClient.setQueryData(roomThreadQueryOptions(as, stored.room).queryKey, (thread) =>
          thread ? withMessages(thread, [stored]) : thread,
        );
        return true;
      } catch (error) {
        // The answer was lost (a slow server, a dropped connection) but the stored copy came back.
        if (payload.msgType === 'Text' && payload.clientMessageId && arrived(queryClient.getQueryData(roomThreadQueryOptions(as, payload.chatroomId).queryKey), payload.clientMessageId)) return true;
        notify.error(chatErrorText(error));
        return false;
      }
    },
    [as, socket, queryClient],
  );
}
