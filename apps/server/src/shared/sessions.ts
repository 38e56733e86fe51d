import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Role } from '@parley/domain/roles';
import type { AppContext } from '../context';
import { cookieName, SESSION_TTL_MS } from '../http/auth';
import { insertSession } from '../features/auth/auth.repository';

export type StartedSession = { role: Role; handle: string };

/** A long-lived, random per-browser id: it tells that two accounts were used on one device. */
export const DEVICE_COOKIE = 'parley_device';
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;
const deviceIdPattern = /^[0-9a-f-]{36}$/;

/** The browser's device id, set on its first sign-in. */
export function deviceIdOf(reply: FastifyReply): string | undefined {
  const value = reply.request.cookies[DEVICE_COOKIE];
  return value && deviceIdPattern.test(value) ? value : undefined;
}

/**
 * Opens a server-side session for a user acting in `role` and hands its signed token to the
 * browser in that role's httpOnly cookie. The handle returned is the session id: it names the
 * session for the web app's local-storage keys but cannot act on its own. A kid session names
 * the parent's session that opened it, so the parent's logout ends it too.
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  user: { id: string; role: Role },
  options: { openedBy?: string } = {},
): Promise<StartedSession> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const cookie = { httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies, path: '/' } as const;
  let deviceId = deviceIdOf(reply);
  if (!deviceId) {
    deviceId = randomUUID();
    reply.setCookie(DEVICE_COOKIE, deviceId, { ...cookie, expires: new Date(now.getTime() + DEVICE_COOKIE_MS) });
  }
  const sid = await insertSession(ctx.db, { userId: user.id, role: user.role, expiresAt, deviceId, openedBy: options.openedBy ?? null });
  const token = await ctx.tokens.sign({ sid, sub: user.id, role: user.role }, expiresAt);
  reply.setCookie(cookieName(user.role), token, { ...cookie, expires: expiresAt });
  return { role: user.role, handle: sid };
}

export function clearSessionCookie(reply: FastifyReply, role: Role): void {
  reply.clearCookie(cookieName(role), { path: '/' });
}
