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

/** What a database error may say about values: PostgreSQL's detail ("Key (email)=(…) already exists"), its context and the query it ran. */
const VALUE_FIELDS = ['detail', 'where', 'internalQuery', 'parameters', 'params'];

/**
 * pino's error serializer, but a failed query is logged as its SQL and its database error (code,
 * constraint, table, message) without any value it was given or that the database quoted back.
 */
export function serializeError(error: Error): SerializedError {
  if (!(error instanceof DrizzleQueryError)) return stdSerializers.err(error);
  const cause: SerializedError = stdSerializers.err(error.cause ?? new Error('query failed'));
  for (const field of VALUE_FIELDS) delete cause[field];
  cause.query = error.query;
  return cause;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;
