import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoom } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import type { ChatSocket } from '../../../shared/lib/socket';
import { notify } from '../../../shared/lib/toast';
import { roomsQueryOptions } from '../api/get-rooms';
import { roomThreadQueryOptions, roomThreadsKey, withMessages } from '../api/get-room-thread';
import { isOwnMessage, sideOf, type ChatAs } from './chat-viewer';

/** The unread count this viewer sees on a room (learnerUnread for a learner or kid, teacherUnread for the tutor). */
export const unreadOf = (room: ChatRoom, as: ChatAs) => (as === 'teacher' ? room.teacherUnread : room.learnerUnread);

function withUnread(room: ChatRoom, as: ChatAs, count: number): ChatRoom {
  return as === 'teacher' ? { ...room, teacherUnread: count } : { ...room, learnerUnread: count };
}

export function patchThread(queryClient: QueryClient, as: ChatAs, message: ChatMessage) {
  queryClient.setQueryData(roomThreadQueryOptions(as, message.room).queryKey, (thread) =>
    thread ? withMessages(thread, [message]) : thread,
  );
}

/** A new message moves its room to the top with it as the recent message; unknown rooms refetch the list. */
function patchRooms(queryClient: QueryClient, as: ChatAs, message: ChatMessage, openRoomId: string | null) {
  const key = roomsQueryOptions(as).queryKey;
  const rooms = queryClient.getQueryData(key);
  const room = rooms?.find((r) => r._id === message.room);
  if (!rooms || !room) {
    void queryClient.invalidateQueries({ queryKey: key });
    return;
  }
  const thread = queryClient.getQueryData(roomThreadQueryOptions(as, message.room).queryKey);
  const seenBefore = thread?.messages.some((m) => m._id === message._id) ?? false;
  const countsAsUnread = !seenBefore && !isOwnMessage(message, as) && openRoomId !== message.room;
  const updated = withUnread(
    { ...room, recentMessage: { type: message.type, message: message.message, createdAt: message.createdAt } },
    as,
    unreadOf(room, as) + (countsAsUnread ? 1 : 0),
  );
  queryClient.setQueryData(key, [updated, ...rooms.filter((r) => r._id !== room._id)]);
}

/**
 * The socket's server events → the query cache (a socket handler only patches or
 * invalidates the cache). new_message and message_updated merge into the loaded room by _id;
 * a message arriving in the open room is marked read at once; error_message is shown as a
 * toast; losing the connection shows messages.chatServerError once per outage.
 */
export function useChatRealtime(as: ChatAs, socket: ChatSocket | null, openRoomId: string | null) {
  const queryClient = useQueryClient();
  const openRoom = useRef(openRoomId);
  openRoom.current = openRoomId;

  useEffect(() => {
    if (!socket) return;
    let outageShown = false;
    let wasConnected = socket.connected;

    const onNewMessage = (message: ChatMessage) => {
      patchRooms(queryClient, as, message, openRoom.current);
      patchThread(queryClient, as, message);
      if (openRoom.current === message.room && !isOwnMessage(message, as)) socket.emit('read', { chatroomId: message.room });
    };
    const onUpdated = (message: ChatMessage) => patchThread(queryClient, as, message);
    // A session of this user was cancelled or moved: a request that booked it now reads Cancelled or Rescheduled.
    const onSessionsChanged = () => void queryClient.invalidateQueries({ queryKey: roomThreadsKey(as) });
    const onRead = ({ chatroomId, by }: { chatroomId: string; by: 'Learner' | 'Teacher' }) => {
      if (by !== sideOf(as)) return;
      queryClient.setQueryData(roomsQueryOptions(as).queryKey, (rooms) => rooms?.map((r) => (r._id === chatroomId ? withUnread(r, as, 0) : r)));
    };
    const onError = ({ message }: { message: string }) => notify.error(message || messages.chatServerError);
    const onConnect = () => {
      outageShown = false;
      // Back after an outage: the room list may have moved on (open rooms re-join themselves).
      if (wasConnected) void queryClient.invalidateQueries({ queryKey: roomsQueryOptions(as).queryKey });
      wasConnected = true;
    };
    const onConnectError = () => {
      if (outageShown) return;
      outageShown = true;
      notify.error(messages.chatServerError);
    };

    socket.on('new_message', onNewMessage);
    socket.on('message_updated', onUpdated);
    socket.on('sessions_changed', onSessionsChanged);
    socket.on('read', onRead);
    socket.on('error_message', onError);
    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    return () => {
      socket.off('new_message', onNewMessage);
      socket.off('message_updated', onUpdated);
      socket.off('sessions_changed', onSessionsChanged);
      socket.off('read', onRead);
      socket.off('error_message', onError);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
    };
  }, [as, socket, queryClient]);
}
