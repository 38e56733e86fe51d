import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roomThreadResponse, type ChatMessage, type ChatRoom } from '@parley/domain/chat';
import { http } from '../../../shared/lib/http';
import type { ChatAs } from '../lib/chat-viewer';
import { mergeMessages } from '../lib/merge-messages';

// GET /room/v1/:id[?before=<seq>] → { room, messages, hasOlder } (reading changes nothing): the
// latest page of the thread, oldest first, or the page just before a seq. A room opens on its
// latest messages; Load older reads back a page at a time.

export type RoomThread = { room: ChatRoom; messages: ChatMessage[]; hasOlder: boolean };

function getThreadPage(as: ChatAs, roomId: string, before?: number): Promise<RoomThread> {
  return http.get(`/room/v1/${encodeURIComponent(roomId)}`, { query: { before }, role: as, actAs: as, parse: (data) => roomThreadResponse.parse(data) });
}

/**
 * The thread's latest page; a thread already read back further (Load older) is read back as far
 * again, so a refresh keeps what the reader had.
 */
export async function getRoomThread(as: ChatAs, roomId: string, held?: RoomThread): Promise<RoomThread> {
  let thread = await getThreadPage(as, roomId);
  thread = { ...thread, messages: mergeMessages([], thread.messages) };
  const oldestHeld = held?.messages[0]?.seq;
  while (oldestHeld !== undefined && thread.hasOlder && thread.messages.length > 0 && thread.messages[0]!.seq > oldestHeld) {
    const page = await getThreadPage(as, roomId, thread.messages[0]!.seq);
    thread = { ...thread, messages: mergeMessages(thread.messages, page.messages), hasOlder: page.hasOlder };
  }
  return thread;
}

/**
 * Messages from any source (a live one, the ack of a send, the ones missed while away) into the
 * thread. One older than the oldest held, while older ones are left to Load older, is not put in
 * (an update to a message further back): it would stand alone above a gap.
 */
export function withMessages(thread: RoomThread, incoming: readonly ChatMessage[]): RoomThread {
  const oldest = thread.messages[0]?.seq;
  const fits = thread.hasOlder && oldest !== undefined ? incoming.filter((m) => m.seq >= oldest) : incoming;
  return { ...thread, messages: mergeMessages(thread.messages, fits) };
}

/** Every loaded room's thread, for one side. */
export const roomThreadsKey = (as: ChatAs) => ['chat', as, 'room'] as const;

export const roomThreadQueryOptions = (as: ChatAs, roomId: string) =>
  queryOptions({
    queryKey: [...roomThreadsKey(as), roomId],
    queryFn: ({ client, queryKey }) => getRoomThread(as, roomId, client.getQueryData<RoomThread>(queryKey)),
    // The socket keeps a loaded room current (live events, and missed ones after a reconnect).
    staleTime: Infinity,
  });

export function useRoomThread(as: ChatAs, roomId: string | null) {
  return useQuery({ ...roomThreadQueryOptions(as, roomId ?? ''), enabled: roomId !== null });
}

/** Load older: the page before the oldest message held joins the thread. */
export function useLoadOlderMessages(as: ChatAs, roomId: string) {
  const queryClient = useQueryClient();
  const key = roomThreadQueryOptions(as, roomId).queryKey;
  return useMutation({
    mutationFn: () => getThreadPage(as, roomId, queryClient.getQueryData(key)?.messages[0]?.seq),
    onSuccess: (page) =>
      queryClient.setQueryData(key, (thread) => (thread ? { ...thread, messages: mergeMessages(thread.messages, page.messages), hasOlder: page.hasOlder } : thread)),
  });
}
