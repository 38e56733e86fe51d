import type { FastifyReply } from 'fastify';
import type { Role } from '@parley/domain/roles';
import type { AppContext } from '../context';
import { cookieName, SESSION_TTL_MS } from '../http/auth';
import { insertSession } from '../features/auth/auth.repository';

export type StartedSession = { role: Role; handle: string };

/**
 * Opens a server-side session for a user acting in `role` and hands its signed token to the
 * browser in that role's httpOnly cookie. The handle returned is the session id: it names the
 * session for the web app's local-storage keys but cannot act on its own.
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  user: { id: string; role: Role },
): Promise<StartedSession> {
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  const sid = await insertSession(ctx.db, { userId: user.id, role: user.role, expiresAt });
  const token = await ctx.tokens.sign({ sid, sub: user.id, role: user.role }, expiresAt);
  reply.setCookie(cookieName(user.role), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    path: '/',
    expires: expiresAt,
  });
  return { role: user.role, handle: sid };
}

export function clearSessionCookie(reply: FastifyReply, role: Role): void {
  reply.clearCookie(cookieName(role), { path: '/' });
}
