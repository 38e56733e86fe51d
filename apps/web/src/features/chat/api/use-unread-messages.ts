import { useQueryClient } from '@tanstack/react-query';
import { useSocket } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import type { ChatAs } from '../lib/chat-viewer';
import { unreadOf } from '../lib/use-chat-realtime';
import { roomsQueryOptions, useRooms } from './get-rooms';

/**
 * Unread messages over the viewer's conversations, kept current: a message pushed to this user
 * (in any room) refetches the list, as do the viewer's own reading of a thread (in another tab too)
 * and a reconnect. The learner's Chat button counts them, and so does the tutor's Chat menu item.
 */
export function useUnreadMessages(as: ChatAs, enabled = true): number {
  const queryClient = useQueryClient();
  const rooms = useRooms(as, enabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: roomsQueryOptions(as).queryKey });
  const socket = useSocket(as, enabled);
  const reader = as === 'teacher' ? 'Teacher' : 'Learner';
  useSocketEvent(socket, 'new_message', { onEvent: refresh, onReconnect: refresh });
  // Read elsewhere: a count fetched for a message that arrived meanwhile may be out of date.
  useSocketEvent(socket, 'read', { onEvent: ({ by }) => by === reader && refresh(), onReconnect: refresh });
  return (rooms.data ?? []).reduce((sum, room) => sum + unreadOf(room, as), 0);
}
