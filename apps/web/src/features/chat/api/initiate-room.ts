import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { chatRoomSchema, type ChatRoom } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';
import { roomsQueryOptions } from './get-rooms';

// POST /room/v1/initiate { teacherId } → { room } (find or create the learner–tutor
// room). 403 NOT_SUBSCRIBED / BUY_SESSIONS carry messages.subscribeToChat / buySessionToChat.
const initiateResponse = z.object({ room: chatRoomSchema });

export function initiateRoom(as: Exclude<ChatAs, 'teacher'>, teacherId: string): Promise<ChatRoom> {
  return http.post('/room/v1/initiate', { teacherId }, { role: as, actAs: as, parse: (data) => initiateResponse.parse(data).room });
}

export function useInitiateRoom(as: Exclude<ChatAs, 'teacher'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teacherId: string) => initiateRoom(as, teacherId),
    onSuccess: (room) => {
      const key = roomsQueryOptions(as).queryKey;
      queryClient.setQueryData(key, (rooms) => (rooms && !rooms.some((r) => r._id === room._id) ? [room, ...rooms] : rooms));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
