import type { ErrorCode } from '@parley/domain/errors';
import { messages } from '@parley/domain/messages';
import type { Role } from '@parley/domain/roles';
import { env } from '../../config/env';

// The one HTTP client. Same origin, JSON, cookie credentials; every
// non-GET carries the CSRF header. Non-2xx becomes ApiError; the caller decides the toast.

export const CSRF_HEADER = 'x-parley-client';
export const ACTING_ROLE_HEADER = 'x-parley-as';
export const DEFAULT_TIMEOUT_MS = env.apiTimeoutMs;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'TIMEOUT' | 'NETWORK' | (string & {});
  readonly fields: Record<string, string> | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: Record<string, string> }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A request whose answer never came (a timeout, a dropped connection): what it asked may have been done all the same. */
export function answerLost(error: unknown): boolean {
  return isApiError(error) && (error.code === 'TIMEOUT' || error.code === 'NETWORK');
}

/** The text a toast shows for any failure ('API time out !', the server's 4xx message, or 'Error:' and the error's name). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || `${messages.errorPrefix} ${error.name}`;
  return `${messages.errorPrefix} ${String(error)}`;
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The role whose session this call uses: a 401 then signs that role out. */
  role?: Role;
  /** Sent as x-parley-as: picks one session when the browser holds several (a parent and a kid). */
  actAs?: Role;
  /** Validates the response body; without it the body is returned as unknown-typed T. */
  parse?: (data: unknown) => T;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Sent so that it completes even when the page is being left (fetch's keepalive). */
  keepalive?: boolean;
};

type UnauthenticatedHandler = (role: Role) => void;
let onUnauthenticated: UnauthenticatedHandler | null = null;

/** The app registers what a 401 does (clear the role's keys, go to its login page). */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  onUnauthenticated = handler;
}

/** The role's sign-in ended, learnt other than by a 401 (the realtime socket closed by the server): as a 401 does. */
export function reportUnauthenticated(role: Role): void {
  onUnauthenticated?.(role);
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = 'web';
  // FormData (multipart uploads) sets its own content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options.actAs) headers[ACTING_ROLE_HEADER] = options.actAs;

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: controller.signal,
      keepalive: options.keepalive,
    });
  } catch {
    if (timedOut) throw new ApiError({ status: 0, code: 'TIMEOUT', message: messages.apiTimeout });
    throw new ApiError({ status: 0, code: 'NETWORK', message: messages.networkError });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = apiErrorFrom(response.status, response.statusText, data);
    if (error.status === 401 && error.code === 'UNAUTHENTICATED' && options.role) onUnauthenticated?.(options.role);
    throw error;
  }
  return options.parse ? options.parse(data) : (data as T);
}

function withQuery(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error a failed answer stands for (also for the media upload, sent with XMLHttpRequest). */
export function apiErrorFrom(status: number, statusText: string, data: unknown): ApiError {
  const body = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  // A 5xx message describes the server's insides, not something the user can act on: it is not
  // shown, whatever the server sent, and the generic 'Error: …' wording stands in for it; but for
  // our own 503 that says what to do (try again later).
  const ours503 = status === 503 && body.code === 'STORAGE_UNAVAILABLE';
  const serverMessage = (status < 500 || ours503) && typeof body.message === 'string' && body.message !== '' ? body.message : null;
  const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
  const fields = isStringRecord(body.fields) ? body.fields : undefined;
  const fallbackName = statusText || `HTTP ${status}`;
  return new ApiError({
    status,
    code,
    message: serverMessage ?? `${messages.errorPrefix} ${fallbackName}`,
    fields,
  });
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string')
  );
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
};
