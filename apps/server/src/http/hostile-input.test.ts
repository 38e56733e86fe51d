import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { hmacSha256Hex } from '../payments/signature';
import { createTestApp, type TestApp } from '../test/harness';
import { registerErrorHandler } from './error-handler';

// Regression tests for what the fuzz suite (fuzz.test.ts) found: each a 500 before.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (name: string, email: string, extra: Record<string, string> = {}) =>
  t.client().post('/api/auth/signup', { name, email, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata', ...extra });

describe('text with control characters', () => {
  it('refuses a NUL in the sign-up name with a 400 and creates no user', async () => {
    const res = await signup('Ro\u0000han', 'nul-name@example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: expect.any(String) } });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'nul-name@example.com'))).toEqual([]);
  });

  it('refuses a NUL in the referral code, and accepts names in any script', async () => {
    expect((await signup('Rohan', 'nul-code@example.com', { referralCode: 'AB\u0000CD' })).statusCode).toBe(400);
    const res = await signup('مرحبا 😀', 'rtl@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json().user.name).toBe('مرحبا 😀');
  });

  it('refuses a NUL in a kid’s name and in the plans subject filter', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.post('/api/learner/newKid', { name: 'Ki\u0000d' })).statusCode).toBe(400);
    expect((await learner.get('/api/plans?subject=Eng%00lish')).statusCode).toBe(400);
  });
});

describe('the words of a refusal', () => {
  it('says what a paging number needs in plain words, not what zod received', async () => {
    const learner = await t.signIn('learner@parley.test');
    for (const [limit, words] of [
      ['abc', 'Use a number'],
      ['1.5', 'Use a whole number'],
      ['0', 'Use 1 or more'],
      ['51', 'Use 50 or less'],
    ] as const) {
      const res = await learner.get(`/api/sessions?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: words, fields: { limit: words } });
    }
  });

  it('names a missing field as required', async () => {
    const res = await t.client().post('/api/auth/login', { password: 'a long password', role: 'learner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Required' });
  });
});

describe('malformed ids', () => {
  it('answers 400 for an order id that is not a provider id in order-status and settle', async () => {
    for (const orderid of ['order\u0000x', "' OR 1=1 --", 'order abc', 'x'.repeat(65)]) {
      const res = await t.client().post('/api/payments/order-status', { orderid, status: 'canceled' });
      expect(res.statusCode, JSON.stringify(orderid)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const learner = await t.signIn('learner@parley.test');
    const settle = await learner.post('/api/payments/sandbox/settle', { orderId: 'order\u0000x', outcome: 'success' });
    expect(settle.statusCode).toBe(400);
  });

  it('ignores a signed webhook whose ids could not be real, instead of failing', async () => {
    const secret = hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-webhook-secret');
    for (const body of ['null', JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay\u0000', order_id: 'order_x', amount: 2 ** 40, currency: 'INR' } } } })]) {
      const res = await t.client().send('POST', '/api/payments/webhook', body, {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacSha256Hex(secret, body),
        'x-razorpay-event-id': `evt_${randomUUID().slice(0, 8)}`,
      });
      expect(res.statusCode, body).toBe(200);
    }
  });
});

describe('authentication comes before validation', () => {
  it('answers 401, not 400, to an anonymous request with an invalid body or query', async () => {
    const anonymous = t.client();
    expect((await anonymous.post('/api/sessions', { startTime: 'nope' })).statusCode).toBe(401);
    expect((await anonymous.put('/api/learner/profile', 'not json')).statusCode).toBe(401);
    expect((await anonymous.send('POST', '/api/kids/buy-sessions', '{', { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/teachers/not-a-uuid/schedule')).statusCode).toBe(401);
    expect((await anonymous.get('/api/auth/me?role=nobody')).statusCode).toBe(401);
  });

  it('still validates once signed in', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.post('/api/sessions', { startTime: 'nope' })).statusCode).toBe(400);
    expect((await learner.get('/api/auth/me?role=nobody')).statusCode).toBe(400);
    expect((await learner.get('/api/auth/me?role=learner')).statusCode).toBe(200);
  });

  it('answers a malformed id in the address as it answers an id nobody has: 404, not the validator’s words', async () => {
    const learner = await t.signIn('learner@parley.test');
    for (const id of ['not-a-uuid', randomUUID()]) {
      const res = await learner.get(`/api/teachers/${id}/schedule?date=2030-01-01&timezone=UTC`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await learner.get('/api/teachers/not-a-uuid/schedule?date=2030-01-01&timezone=UTC')).json().message).toBe('Nothing was found at this address.');
  });
});

describe('avatars', () => {
  it('answers an unknown user id like a known one, without initials', async () => {
    const known = await t.client().get('/api/assets/avatar/' + (await knownUserId()) + '.svg');
    const unknown = await t.client().get(`/api/assets/avatar/${randomUUID()}.svg`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(unknown.headers['cache-control']).toBe(known.headers['cache-control']);
    // A stranger sees a learner's colour, never their initials (features/assets shows who does).
    expect(known.body).toMatch(/aria-label=""/);
    expect(unknown.body).toMatch(/aria-label=""/);
  });

  it('answers 400 or 404 to a malformed file name', async () => {
    for (const file of [`${'-'.repeat(36)}.svg`, 'abc.svg', 'not-a-uuid', '%00.svg', `${'f'.repeat(36)}.svg`]) {
      const res = await t.client().get(`/api/assets/avatar/${file}`);
      expect([400, 404], file).toContain(res.statusCode);
    }
  });
});

describe('framework refusals', () => {
  it('answers invalid JSON, a wrong content type and an oversized body with a 4xx JSON error', async () => {
    const c = t.client();
    const invalid = await c.send('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    const wrongType = await c.send('POST', '/api/auth/login', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    const oversized = await c.send('POST', '/api/auth/login', JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), { 'content-type': 'application/json' });
    expect([invalid.statusCode, wrongType.statusCode, oversized.statusCode]).toEqual([400, 415, 413]);
    for (const res of [invalid, wrongType, oversized]) expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });
});

describe('database refusals (the safety net behind the schemas)', () => {
  it('answers a class 22 SQLSTATE, however wrapped, with a 400 and a clear message', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const dbError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });
    app.get('/:code', async (request) => {
      throw dbError((request.params as { code: string }).code);
    });
    const expected: Record<string, string> = {
      '22P02': 'A value is not in the expected format.',
      '22021': 'Text contains characters that are not allowed.',
      '22001': 'A value is too long.',
      '22003': 'A number is out of range.',
      '22007': 'A date or time is not valid.',
      '22008': 'A date or time is out of range.',
      '22012': 'A value is not valid.',
    };
    for (const [code, message] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    const other = await app.inject({ method: 'GET', url: '/23505' });
    expect(other.statusCode).toBe(500);
    await app.close();
  });
});

async function knownUserId() {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'learner@parley.test'));
  return user!.id;
}
