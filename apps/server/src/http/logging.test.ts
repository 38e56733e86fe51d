import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { createTestApp, type TestApp } from '../test/harness';
import { captureLog } from '../test/log-capture';
import { accepted, emitAck, socketOpener } from '../test/live-socket';
import { redactedUrl, serializeError } from './logging';

// What the access log keeps: never a secret that travels in an address (a reset or login link's
// token, a gift's redeem code), never the values of a failed query; and every request an id the
// user's answer carries too, so support can find its lines.

const log = captureLog();
const logLines = log.lines;
let t: TestApp;
const sockets = socketOpener();
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

describe('the access log', () => {
  it('keeps the path and the harmless query, not tokens or redeem codes', () => {
    expect(redactedUrl('/reset-password?token=loaH9XiD-abc')).toBe('/reset-password?token=%5Bredacted%5D');
    expect(redactedUrl('/login?learnerId=42&token=abc&next=%2Fwallet')).toBe('/login?learnerId=42&token=%5Bredacted%5D&next=%2Fwallet');
    expect(redactedUrl('/courses/gift/GIFT-CODE-1')).toBe('/courses/gift/[redacted]');
    expect(redactedUrl('/api/courses/gifts/GIFT-CODE-1/redeem?x=1')).toBe('/api/courses/gifts/[redacted]/redeem?x=1');
    expect(redactedUrl('/api/teachers?page=2')).toBe('/api/teachers?page=2');
  });

  it('writes no token or redeem code of a real request', async () => {
    await t.client().get('/reset-password?token=SECRET-RESET-TOKEN-1234567890');
    await t.client().get('/api/courses/gifts/SECRET-GIFT-CODE');
    const written = logLines.join('');
    expect(written).toContain('/reset-password?token=');
    expect(written).not.toContain('SECRET-RESET-TOKEN');
    expect(written).not.toContain('SECRET-GIFT-CODE');
  });

  it('gives every answer the id its log lines carry', async () => {
    const res = await t.client().get('/api/health');
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines.some((line) => line.includes(`"reqId":"${id}"`))).toBe(true);
    expect((await t.client().get('/api/health')).headers['x-request-id']).not.toBe(id);
  });

  it('logs a failed query without the values it was given', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(VALUE-NOT-FOR-LOGS) already exists.',
    });
    const duplicate = serializeError(new DrizzleQueryError('insert into users (email) values ($1)', ['VALUE-NOT-FOR-LOGS'], unique));
    expect(JSON.stringify(duplicate)).not.toContain('VALUE-NOT-FOR-LOGS');
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'users_email_key', query: 'insert into users (email) values ($1)' });
    const failed = new DrizzleQueryError('select * from users where email = $1', ['VALUE-NOT-FOR-LOGS'], new Error('relation "users" does not exist'));
    expect(failed.message).toContain('VALUE-NOT-FOR-LOGS');
    const logged = serializeError(failed);
    expect(JSON.stringify(logged)).not.toContain('VALUE-NOT-FOR-LOGS');
    expect(logged).toMatchObject({ type: 'Error', message: 'relation "users" does not exist', query: 'select * from users where email = $1' });
    expect(serializeError(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom' });
  });
});

describe('the socket log', () => {
  it('writes a failed socket event with the connection and its person, and tells the person only that it failed', async () => {
    const baseUrl = await t.listen();
    const learner = await t.signIn('learner@parley.test');
    const socket = sockets.dial(baseUrl, { cookie: t.cookieHeader(learner), role: 'learner' });
    const { userId } = await accepted(socket);
    const sessions = t.ctx.sessionCache;
    t.ctx.sessionCache = { ...sessions, get: () => Promise.reject(new Error('SESSION-STORE-BROKE')) };
    try {
      const ack = await emitAck(socket, 'join_room', { chatroomId: '00000000-0000-4000-8000-000000000000' });
      expect(ack).toEqual({ ok: false, message: messages.chatServerError });
    } finally {
      t.ctx.sessionCache = sessions;
    }
    const line = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'a socket event failed');
    expect(line).toMatchObject({ level: 50, socketId: socket.id, userId, err: { message: 'SESSION-STORE-BROKE' } });
  });
});
