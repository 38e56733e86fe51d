import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parley/domain/messages';
import { json, mockFetch } from '../../test/render';
import { ApiError, CSRF_HEADER, errorMessage, http, request, setUnauthenticatedHandler } from './http';

afterEach(() => {
  setUnauthenticatedHandler(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it("shows 'API time out !' when the server does not answer in time", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const failure = request('/api/slow', { timeoutMs: 20 }).catch((error: unknown) => error);
    const error = await failure;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(messages.apiTimeout);
    expect((error as ApiError).code).toBe('TIMEOUT');
  });

  it("uses the server's message and code, and keeps field errors", async () => {
    mockFetch({ 'POST /api/auth/signup': () => json({ message: 'That email is taken', code: 'EMAIL_TAKEN', fields: { email: 'Already registered' } }, 409) });
    const error = (await http.post('/api/auth/signup', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.message).toBe('That email is taken');
    expect(error.fields).toEqual({ email: 'Already registered' });
  });

  it("falls back to 'Error:' and the error name when there is no server message; a request that never reached the server says so", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await http.get('/api/health').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe('Error: Parley could not be reached. Check your connection and try again.');
    expect(errorMessage(new RangeError(''))).toBe(`${messages.errorPrefix} RangeError`);
  });

  it('says the server’s words for a refusal', () => {
    const refusal = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Use 5 or less', fields: { stars: 'Use 5 or less', review: 'Use at most 1000 characters' } });
    expect(errorMessage(refusal)).toBe('Use 5 or less');
    expect(errorMessage(new ApiError({ status: 409, code: 'CONFLICT', message: 'This slot was just booked.' }))).toBe('This slot was just booked.');
    // A refusal with a message of its own keeps it (the field's text is the short one by the field).
    expect(errorMessage(new ApiError({ status: 400, code: 'CODE_WRONG', message: 'That code is not right. 4 tries left.', fields: { code: 'Wrong code' } }))).toBe('That code is not right. 4 tries left.');
  });

  it('never shows a 5xx message, but for Parley’s own 503 that says to try again later', async () => {
    mockFetch({
      'POST /api/broken': () => json({ code: 'INTERNAL', message: 'relation "users" does not exist' }, 500),
      'POST /api/creator/media': () => json({ code: 'STORAGE_UNAVAILABLE', message: messages.storageUnavailable }, 503),
    });
    expect(((await http.post('/api/broken', {}).catch((e: unknown) => e)) as ApiError).message).not.toContain('relation');
    const storeDown = (await http.post('/api/creator/media', {}).catch((e: unknown) => e)) as ApiError;
    expect(storeDown).toMatchObject({ status: 503, code: 'STORAGE_UNAVAILABLE', message: messages.storageUnavailable });
  });

  it('sends the CSRF header and same-origin credentials on non-GET requests only', async () => {
    const fetchMock = mockFetch({ 'GET /api/health': () => json({ status: 'ok' }), 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await http.get('/api/health');
    await expect(http.post('/api/auth/logout', { role: 'learner' })).resolves.toBeUndefined();
    const [, getInit] = fetchMock.mock.calls[0]!;
    const [, postInit] = fetchMock.mock.calls[1]!;
    expect((getInit!.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
    expect((postInit!.headers as Record<string, string>)[CSRF_HEADER]).toBe('web');
    expect(postInit!.credentials).toBe('same-origin');
    expect(postInit!.body).toBe(JSON.stringify({ role: 'learner' }));
  });

  it('reports a 401 UNAUTHENTICATED for a role-bound call, and not for a failed login', async () => {
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    mockFetch({
      'GET /api/auth/me': () => json({ message: 'Sign in again', code: 'UNAUTHENTICATED' }, 401),
      'POST /api/auth/login': () => json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401),
    });
    await http.get('/api/auth/me', { role: 'moderator' }).catch(() => undefined);
    expect(onUnauthenticated).toHaveBeenCalledWith('moderator');
    onUnauthenticated.mockClear();
    await http.post('/api/auth/login', {}).catch(() => undefined);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('validates the body with the given parser and encodes the query', async () => {
    const fetchMock = mockFetch({ 'GET /api/pricing/trial': () => json({ price: { amountMinor: 9900, currency: 'INR' } }) });
    const price = await http.get('/api/pricing/trial', { query: { country: 'IN', subject: 'Financial Education' }, parse: (d) => (d as { price: unknown }).price });
    expect(price).toEqual({ amountMinor: 9900, currency: 'INR' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/pricing/trial?country=IN&subject=Financial+Education');
  });
});
