import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { chatroomMessagePayload, type ClientToServerEvents, type ServerToClientEvents } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { cookieName, type AuthContext } from '../http/auth';
import { resolveSession } from '../features/auth/auth.service';
import * as chat from '../features/chat/chat.service';
import { roomChannel, sessionChannel, userChannel } from './publisher';

type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { auth: AuthContext }>;
const socketRoles = ['learner', 'kid', 'teacher'] as const;

/**
 * The realtime socket at /socket.io (spec §7.5), authenticated by the same httpOnly cookie as
 * the API. With REDIS_URL set, rooms span every node through the Redis adapter.
 */
export async function attachRealtime(app: FastifyInstance, ctx: AppContext) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { auth: AuthContext }>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Cookies ride along on a cross-site WebSocket too: only our own pages may open one.
    allowRequest: (request, callback) => callback(null, originAllowed(request.headers.origin, request.headers.host, ctx.config.publicUrl)),
  });
  if (ctx.redis) {
    const pub = ctx.redis.duplicate();
    const sub = ctx.redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisKeyPrefix}:socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  io.use(async (socket, next) => {
    const auth = await authenticate(ctx, socket.handshake.headers.cookie, socket.handshake.auth?.role);
    if (!auth) return next(new Error('UNAUTHENTICATED'));
    socket.data.auth = auth;
    next();
  });

  io.on('connection', (socket: ChatSocket) => {
    const auth = socket.data.auth;
    void socket.join([userChannel(auth.userId), sessionChannel(auth.sessionId)]);
    socket.emit('connected', { userId: auth.userId, role: auth.role });

    socket.on('join_room', async (payload, ack) => {
      await handle(ctx, socket, ack, async () => {
        const room = await chat.memberRoom(ctx, auth, roomIdOf(payload));
        await socket.join(roomChannel(room.id));
        const afterSeq = Number.isSafeInteger(payload?.afterSeq) ? Number(payload.afterSeq) : undefined;
        const missed = afterSeq === undefined ? [] : (await chat.roomMessages(ctx, auth, room.id, afterSeq)).messages;
        return { missed };
      });
    });

    socket.on('read', async (payload) => {
      await handle(ctx, socket, undefined, () => chat.markRoomRead(ctx, auth, roomIdOf(payload)));
    });

    socket.on('chatroom_message', async (payload, ack) => {
      await handle(ctx, socket, ack, async () => {
        const parsed = chatroomMessagePayload.safeParse(payload);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid message');
        return chat.sendMessage(ctx, auth, parsed.data);
      });
    });
  });

  ctx.realtime.attach(io);
  // preClose: sockets must go before the HTTP server waits for its connections to end.
  app.addHook('preClose', async () => {
    await io.close();
  });
  return io;
}

async function authenticate(ctx: AppContext, cookieHeader: string | undefined, askedRole: unknown): Promise<AuthContext | null> {
  const cookies = fastifyCookie.parse(cookieHeader ?? '');
  const roles = socketRoles.filter((role) => !askedRole || role === askedRole);
  for (const role of roles) {
    const token = cookies[cookieName(role)];
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (!claims || claims.role !== role) continue;
    const live = await resolveSession(ctx, claims);
    if (live) return live;
  }
  return null;
}

/** Same origin as the page, or the configured public address; a client without Origin is no browser. */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || (host !== undefined && url.host === host);
  } catch {
    return false;
  }
}

const roomIdOf = (payload: unknown): string => {
  const parsed = z.object({ chatroomId: z.uuid() }).safeParse(payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'chatroomId must be a conversation id.');
  return parsed.data.chatroomId;
};

/**
 * Runs a handler for a session that is still live (a logout elsewhere ends it at once); failures
 * go back as the ack's message and as error_message (spec §7.8).
 */
async function handle<T>(ctx: AppContext, socket: ChatSocket, ack: ((r: { ok: true; data: T } | { ok: false; message: string }) => void) | undefined, run: () => Promise<T>) {
  try {
    if (!(await ctx.sessionCache.get(socket.data.auth.sessionId))) {
      socket.disconnect(true);
      throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    }
    const data = await run();
    if (typeof ack === 'function') ack({ ok: true, data });
  } catch (error) {
    const message = error instanceof AppError ? error.message : messages.chatServerError;
    if (!(error instanceof AppError)) console.error(error);
    if (typeof ack === 'function') ack({ ok: false, message });
    socket.emit('error_message', { message });
  }
}
