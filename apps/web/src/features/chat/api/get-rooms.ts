import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { chatRoomSchema, type ChatRoom } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';

// GET /room/v1/ → { rooms }: a learner's or kid's rooms, or the rooms learners opened with a tutor.
const roomsResponse = z.object({ rooms: z.array(chatRoomSchema) });

export function getRooms(as: ChatAs): Promise<ChatRoom[]> {
  return http.get('/room/v1/', { role: as, actAs: as, parse: (data) => roomsResponse.parse(data).rooms });
}

export const roomsQueryOptions = (as: ChatAs) => queryOptions({ queryKey: ['chat', as, 'rooms'], queryFn: () => getRooms(as) });

export function useRooms(as: ChatAs, enabled = true) {
  return useQuery({ ...roomsQueryOptions(as), enabled });
}
