import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

// What the logs keep of a request and of an error: no secret that travels in an address, no
// value a failed query was given (a password hash, an e-mail address).

/** Query parameters whose values are secrets: a reset or login link's token, a gift's redeem code. */
const SECRET_PARAMS = new Set(['token', 'code']);
/** Paths whose last part is a gift's redeem code (the page and its API). */
const SECRET_PATH = /^(\/(?:api\/)?courses\/gifts?\/)[^/]+/;
const REDACTED = '[redacted]';

/** The request's address as the access log writes it. */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  for (const key of [...query.keys()]) if (SECRET_PARAMS.has(key)) query.set(key, REDACTED);
  return `${path}?${query.toString()}`;
}

/** pino's request serializer with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactedUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** pino's error serializer, but a failed query is logged as its database error and its SQL, without the values it was given. */
export function serializeError(error: Error) {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause ?? new Error('query failed');
    return { ...stdSerializers.err(cause), query: error.query };
  }
  return stdSerializers.err(error);
}
