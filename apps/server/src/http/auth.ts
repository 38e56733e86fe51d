import { createSecretKey } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { BoundedMap } from '@parley/domain/bounded-map';
import { roles, type Role } from '@parley/domain/roles';
import { AppError } from './app-error';

export type AuthContext = { userId: string; role: Role; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Each role's secret travels in its own httpOnly cookie. */
export const cookieName = (role: Role) => `parley_${role}`;

type TokenClaims = { sid: string; sub: string; role: Role };

/** How many verified tokens a process remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokens(secret: string) {
  // A KeyObject is imported once; a raw byte key would be re-imported on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A token's signature never changes, so each is checked once per process and remembered
  // until it expires; revocation is the session lookup's job, which runs on every request.
  const verified = new BoundedMap<string, { claims: TokenClaims; expiresAtMs: number }>(VERIFIED_TOKENS_KEPT);
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const role = roles.find((r) => r === payload.role);
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !role || typeof payload.exp !== 'number') return null;
        const claims = { sid: payload.sid, sub: payload.sub, role };
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

/** Looks up a live (not revoked, not expired) session; returns null otherwise. */
export type SessionResolver = (claims: TokenClaims) => Promise<AuthContext | null>;

/** A browser can hold several roles' cookies (a parent and the kid they switched to); this header picks one. */
export const ACTING_ROLE_HEADER = 'x-parley-as';

/**
 * A hook that admits a request carrying a live session of one of `allowed` roles, tried in
 * order, or only the role named by the x-parley-as header when it is one of them. Every route
 * states its roles this way, as its onRequest hook: that runs before the
 * body is parsed and validated, so a caller without a session learns nothing about the schema.
 */
export function makeRequireRole(tokens: Tokens, resolve: SessionResolver) {
  return (...allowed: Role[]) =>
    async function requireRole(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const asked = request.headers[ACTING_ROLE_HEADER];
      const candidates = allowed.filter((role) => !asked || role === asked);
      for (const role of candidates) {
        const token = request.cookies[cookieName(role)];
        if (!token) continue;
        const claims = await tokens.verify(token);
        if (!claims || claims.role !== role) continue;
        const auth = await resolve(claims);
        if (auth) {
          request.auth = auth;
          return;
        }
      }
      throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    };
}

/** The signed-in user of a route guarded by requireRole. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.auth;
}
