import { z } from 'zod';
import { chatroomMessagePayload } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { handleLive, spendMessage, takeRoomEvent, type RealtimeSocket } from '../../realtime/socket';
import { roomChannel } from '../../realtime/publisher';
import * as chat from './chat.service';

const spendRoomEvent = (socket: RealtimeSocket) => {
  if (!takeRoomEvent(socket)) throw new AppError('RATE_LIMITED', messages.openingRoomsTooFast);
};

const roomIdOf = (payload: unknown): string => {
  const parsed = z.object({ chatroomId: z.uuid() }).safeParse(payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'chatroomId must be a conversation id.');
  return parsed.data.chatroomId;
};

/**
 * The chat's socket events: join a room (with what was missed), mark it read, send a message.
 * Each spends from the person's budget before it reads or stores anything: messages from one,
 * join_room and read from another (a read for each message that arrives must not hold up a reply).
 */
export const chatSocketHandlers = (ctx: AppContext) => (socket: RealtimeSocket) => {
  const auth = socket.data.auth;

  socket.on('join_room', async (payload, ack) => {
    await handleLive(
      ctx,
      socket,
      ack,
      async () => {
        const room = await chat.memberRoom(ctx, auth, roomIdOf(payload));
        await socket.join(roomChannel(room.id));
        const afterSeq = Number.isSafeInteger(payload?.afterSeq) ? Number(payload.afterSeq) : undefined;
        const missed = afterSeq === undefined ? [] : await chat.missedMessages(ctx, auth, room.id, afterSeq);
        return { missed };
      },
      spendRoomEvent,
    );
  });

  socket.on('read', async (payload) => {
    // A read past the budget is dropped quietly: it is bookkeeping, and the next one marks the room read.
    if (!takeRoomEvent(socket)) return;
    await handleLive(ctx, socket, undefined, () => chat.markRoomRead(ctx, auth, roomIdOf(payload)));
  });

  socket.on('chatroom_message', async (payload, ack) => {
    await handleLive(
      ctx,
      socket,
      ack,
      async () => {
        const parsed = chatroomMessagePayload.safeParse(payload);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid message');
        return chat.sendMessage(ctx, auth, parsed.data);
      },
      spendMessage,
    );
  });
};
