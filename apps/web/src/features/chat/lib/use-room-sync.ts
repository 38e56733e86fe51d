import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatSocket } from '../../../shared/lib/socket';
import { emitWithAck } from '../../../shared/lib/socket';
import { roomThreadQueryOptions, withMessages } from '../api/get-room-thread';
import type { ChatAs } from './chat-viewer';
import { lastSeq } from './merge-messages';

/**
 * Keeps the open room joined: once its messages are loaded, and again after every reconnect,
 * join_room asks for everything after the last seq held and merges what was missed, so a
 * dropped connection loses nothing. Once joined, the open room is marked read
 * (reading a room's messages changes nothing on the server by itself).
 */
export function useRoomSync(as: ChatAs, socket: ChatSocket | null, roomId: string | null, loaded: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || !roomId || !loaded) return;
    const key = roomThreadQueryOptions(as, roomId).queryKey;
    let active = true;

    const join = () => {
      const held = queryClient.getQueryData(key)?.messages ?? [];
      emitWithAck(socket, 'join_room', { chatroomId: roomId, afterSeq: lastSeq(held) })
        .then((result) => {
          if (!active || !result.ok) return;
          queryClient.setQueryData(key, (thread) => (thread ? withMessages(thread, result.data.missed) : thread));
          socket.emit('read', { chatroomId: roomId });
        })
        .catch(() => {
          // Unreachable: the next 'connect' joins again; the realtime hook reports the outage.
        });
    };

    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      active = false;
      socket.off('connect', join);
    };
  }, [as, socket, roomId, loaded, queryClient]);
}
