import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { chatMessageSchema, chatRoomSchema, type ChatMessage, type ChatRoom } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';
import { lastSeq, mergeMessages } from '../lib/merge-messages';

// GET /room/v1/:id?after=<seq> → { room, messages } (reading changes nothing). The
// server answers at most SERVER_PAGE messages after `after`, oldest first, so a long room is
// read page by page.
const threadResponse = z.object({ room: chatRoomSchema, messages: z.array(chatMessageSchema) });
const SERVER_PAGE = 500;
const MAX_PAGES = 20;

export type RoomThread = { room: ChatRoom; messages: ChatMessage[] };

export async function getRoomThread(as: ChatAs, roomId: string): Promise<RoomThread> {
  const fetchPage = (after: number) =>
    http.get(`/room/v1/${encodeURIComponent(roomId)}`, { query: { after }, role: as, actAs: as, parse: (data) => threadResponse.parse(data) });
  let page = await fetchPage(0);
  const thread: RoomThread = { room: page.room, messages: mergeMessages([], page.messages) };
  for (let n = 1; n < MAX_PAGES && page.messages.length === SERVER_PAGE; n += 1) {
    page = await fetchPage(lastSeq(page.messages));
    thread.room = page.room;
    thread.messages = mergeMessages(thread.messages, page.messages);
  }
  return thread;
}

/** Every loaded room's thread, for one side. */
export const roomThreadsKey = (as: ChatAs) => ['chat', as, 'room'] as const;

export const roomThreadQueryOptions = (as: ChatAs, roomId: string) =>
  queryOptions({
    queryKey: [...roomThreadsKey(as), roomId],
    queryFn: () => getRoomThread(as, roomId),
    // The socket keeps a loaded room current (live events, and missed ones after a reconnect).
    staleTime: Infinity,
  });

export function useRoomThread(as: ChatAs, roomId: string | null) {
  return useQuery({ ...roomThreadQueryOptions(as, roomId ?? ''), enabled: roomId !== null });
}
