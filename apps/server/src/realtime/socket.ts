import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { Server, type Socket } from 'socket.io';
import {
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  ROOM_EVENT_BURST,
  ROOM_EVENTS_PER_SECOND,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@parley/domain/chat';
import type { Role } from '@parley/domain/roles';
import { messages } from '@parley/domain/messages';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { cookieName, type AuthContext } from '../http/auth';
import { createKeyedBuckets, type KeyedBuckets } from '../lib/token-bucket';
import { logRedisErrors } from '../lib/redis';
import { sessionChannel, userChannel } from './publisher';

/**
 * A node's budgets, one per person (their user id: a kid acting is its own person) and shared by
 * all of that person's connections here: messages, and room events (join_room, read).
 */
type PersonBudgets = { messages: KeyedBuckets; roomEvents: KeyedBuckets };
/** What the server keeps on each connection: who it is, the node's budgets it spends from, and a log naming both on every line. */
type SocketData = { auth: AuthContext; budgets: PersonBudgets; log: FastifyBaseLogger };
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type RealtimeOptions = {
  /** The live session behind verified token claims, or null once it has ended. */
  resolveSession: (claims: { sid: string; sub: string; role: Role }) => Promise<AuthContext | null>;
  /** Each feature's event handlers, attached to every authenticated socket. */
  handlers: ((socket: RealtimeSocket) => void)[];
};
const socketRoles = ['learner', 'kid', 'teacher', 'peer'] as const;
/** People whose budgets a node keeps at once (those connected, and those whose budget is still refilling). */
const PEOPLE_BUDGETS_KEPT = 10_000;

/**
 * The realtime socket at /socket.io, authenticated by the same httpOnly cookie as the API; the
 * features bring their own event handlers. With REDIS_URL set, rooms span every node through
 * the Redis adapter.
 */
export async function attachRealtime(app: FastifyInstance, ctx: AppContext, options: RealtimeOptions) {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Cookies ride along on a cross-site WebSocket too: only our own pages may open one.
    allowRequest: (request, callback) => callback(null, originAllowed(request.headers.origin, request.headers.host, ctx.config.publicUrl)),
  });
  if (ctx.redis) {
    const pub = logRedisErrors(ctx.redis.duplicate(), app.log, 'socket.io publish');
    const sub = logRedisErrors(ctx.redis.duplicate(), app.log, 'socket.io subscribe');
    reportPublishFailures(pub, (error) => app.log.warn({ err: error }, 'a realtime event did not reach Redis'));
    io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisKeyPrefix}:socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  // The app's clock, read at each spend: budgets refill by the time the app keeps (tests hold it still).
  const clock = () => ctx.now().getTime();
  const budgets: PersonBudgets = {
    messages: createKeyedBuckets({ burst: MESSAGE_BURST, perSecond: MESSAGES_PER_SECOND }, { max: PEOPLE_BUDGETS_KEPT, now: clock }),
    roomEvents: createKeyedBuckets({ burst: ROOM_EVENT_BURST, perSecond: ROOM_EVENTS_PER_SECOND }, { max: PEOPLE_BUDGETS_KEPT, now: clock }),
  };
  io.use(async (socket, next) => {
    const auth = await authenticate(ctx, options, socket.handshake.headers.cookie, socket.handshake.auth?.role);
    if (!auth) return next(new Error('UNAUTHENTICATED'));
    socket.data.auth = auth;
    socket.data.budgets = budgets;
    socket.data.log = app.log.child({ socketId: socket.id, userId: auth.userId });
    next();
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const auth = socket.data.auth;
    budgets.messages.open(auth.userId);
    budgets.roomEvents.open(auth.userId);
    socket.on('disconnect', () => {
      budgets.messages.close(auth.userId);
      budgets.roomEvents.close(auth.userId);
    });
    void socket.join([userChannel(auth.userId), sessionChannel(auth.sessionId)]);
    socket.emit('connected', { userId: auth.userId, role: auth.role });
    for (const attach of options.handlers) attach(socket);
  });

  ctx.realtime.attach(io);
  // preClose: sockets must go before the HTTP server waits for its connections to end.
  app.addHook('preClose', async () => {
    await io.close();
  });
  return io;
}

/**
 * The Redis adapter publishes without waiting for the answer, so a publish Redis refuses (down
 * past its retries, or the connection already closed) would be an unhandled rejection, which
 * ends the process. Here it is reported instead, and the node carries on.
 */
export function reportPublishFailures(client: { publish: (...args: never[]) => Promise<unknown> }, report: (error: unknown) => void): void {
  const publish = client.publish.bind(client);
  client.publish = (...args) => {
    const sent = publish(...args);
    sent.catch(report);
    return sent;
  };
}

async function authenticate(ctx: AppContext, options: RealtimeOptions, cookieHeader: string | undefined, askedRole: unknown): Promise<AuthContext | null> {
  const cookies = fastifyCookie.parse(cookieHeader ?? '');
  const roles = socketRoles.filter((role) => !askedRole || role === askedRole);
  for (const role of roles) {
    const token = cookies[cookieName(role)];
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (!claims || claims.role !== role) continue;
    const live = await options.resolveSession(claims);
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

/** Spends one of the person's messages: a flood is refused (nothing sent, nothing stored) and told to wait. */
export function spendMessage(socket: RealtimeSocket): void {
  if (!socket.data.budgets.messages.take(socket.data.auth.userId)) throw new AppError('RATE_LIMITED', messages.sendingTooFast);
}

/** Takes one of the person's room events (join_room, read); false when they are flooding. */
export function takeRoomEvent(socket: RealtimeSocket): boolean {
  return socket.data.budgets.roomEvents.take(socket.data.auth.userId);
}

/**
 * Runs an event handler for a session that is still live (a logout elsewhere ends it at once);
 * failures go back as the ack's message and as an error_message event. `spend` takes the event's
 * budget on arrival, before anything is awaited, so a flood meets the budget as it comes in rather
 * than as the database frees up.
 */
export async function handleLive<T>(
  ctx: AppContext,
  socket: RealtimeSocket,
  ack: ((r: { ok: true; data: T } | { ok: false; message: string }) => void) | undefined,
  run: () => Promise<T>,
  spend?: (socket: RealtimeSocket) => void,
) {
  try {
    spend?.(socket);
    if (!(await ctx.sessionCache.get(socket.data.auth.sessionId))) {
      socket.disconnect(true);
      throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    }
    const data = await run();
    if (typeof ack === 'function') ack({ ok: true, data });
  } catch (error) {
    const message = error instanceof AppError ? error.message : messages.chatServerError;
    if (!(error instanceof AppError)) socket.data.log.error({ err: error }, 'a socket event failed');
    if (typeof ack === 'function') ack({ ok: false, message });
    socket.emit('error_message', { message });
  }
}
