import type { Socket } from 'socket.io-client';
import { ROOM_EVENTS_PER_SECOND } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';

/**
 * join_room, waiting out the person's room-event budget when it is spent (ROOM_EVENT_BURST at
 * once, then ROOM_EVENTS_PER_SECOND): a virtual tutor joins far more rooms, from far more
 * sockets, than a person opens. Any other answer is returned as it came.
 */
export async function joinRoom(socket: Socket, chatroomId: string, timeoutMs: number): Promise<{ ok: boolean; message?: string }> {
  for (;;) {
    const joined = (await socket.timeout(timeoutMs).emitWithAck('join_room', { chatroomId })) as { ok: boolean; message?: string };
    if (joined.ok || joined.message !== messages.openingRoomsTooFast) return joined;
    await new Promise((resolve) => setTimeout(resolve, 1000 / ROOM_EVENTS_PER_SECOND));
  }
}
