import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parley/domain/messages';
import { cookieName } from '../../http/auth';
import { demoAccounts } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { MAX_FAILED_LOGINS_PER_ACCOUNT } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newLearner = (email: string) => ({
  name: 'Asha Patel',
  email,
  password: 'correct horse battery',
  country: 'IN',
  timezone: 'Asia/Kolkata',
});

describe('sign-up and sessions', () => {
  it('signs a learner up, keeps them signed in, and logs them out for real', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/signup', newLearner('asha@example.com'));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.session.role).toBe('learner');
    expect(body.user).toMatchObject({ name: 'Asha Patel', email: 'asha@example.com', role: 'learner', activeSubscription: null });
    // The session cookie, and the device cookie that tells a second account on one device.
    const cookies = [res.headers['set-cookie']].flat().map(String);
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['parley_device', cookieName('learner')]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    }

    const me = await c.get('/api/auth/me?role=learner');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('asha@example.com');

    const stolen = c.cookies.get(cookieName('learner'))!;
    expect((await c.post('/api/auth/logout', { role: 'learner' })).statusCode).toBe(204);
    expect((await c.get('/api/auth/me?role=learner')).statusCode).toBe(401);

    // The old token is dead on the server, not just forgotten by the browser.
    const replay = t.client();
    replay.cookies.set(cookieName('learner'), stolen);
    const after = await replay.get('/api/auth/me?role=learner');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a second account with the same email and changes nothing', async () => {
    await t.client().post('/api/auth/signup', newLearner('twice@example.com'));
    const res = await t.client().post('/api/auth/signup', { ...newLearner('TWICE@example.com'), name: 'Someone Else' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect(res.json().fields).toEqual({ email: 'This email already has an account' });
  });

  it('refuses a password of spaces or one of the first guessed, at sign-up', async () => {
    const spaces = await t.client().post('/api/auth/signup', { ...newLearner('spaces@example.com'), password: ' '.repeat(10) });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().fields).toHaveProperty('password');
    const guessed = await t.client().post('/api/auth/signup', { ...newLearner('guessed@example.com'), password: 'Password123' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().fields.password).toBe('This password is one of the first ones guessed. Choose another.');
  });

  it('refuses an email address longer than 254 characters, at sign-up and at login', async () => {
    const huge = `${'a'.repeat(900_000)}@example.com`;
    const signup = await t.client().post('/api/auth/signup', newLearner(huge));
    expect(signup.statusCode).toBe(400);
    expect(signup.json().fields.email).toBe('An email address is at most 254 characters');
    const login = await t.client().post('/api/auth/login', { email: huge, password: 'Parley@2026', role: 'learner' });
    expect(login.statusCode).toBe(400);
  });

  it('answers 400 with field errors for a bad payload', async () => {
    const res = await t.client().post('/api/auth/signup', { ...newLearner('not-an-email'), password: 'short', timezone: 'Mars/Base' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['email', 'password', 'timezone']));
    const login = await t.client().post('/api/auth/login', { email: 'not-an-email', password: 'x', role: 'learner' });
    expect(login.statusCode).toBe(400);
  });

  it('requires the app header on state-changing requests', async () => {
    const res = await t.client().send('POST', '/api/auth/signup', newLearner('csrf@example.com'), { 'x-parley-client': '' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_HEADER_MISSING');
    const login = await t.client().post('/api/auth/login', { email: 'csrf@example.com', password: 'correct horse battery', role: 'learner' });
    expect(login.statusCode).toBe(401);
  });

  it('a token of one role does not open another role’s area', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.get('/api/auth/me?role=moderator')).statusCode).toBe(401);
    const forged = t.client();
    forged.cookies.set(cookieName('moderator'), learner.cookies.get(cookieName('learner'))!);
    expect((await forged.get('/api/auth/me?role=moderator')).statusCode).toBe(401);
  });
});

describe('login', () => {
  it.each(demoAccounts.map((a) => [a.label, a] as const))('demo account %s logs in to its area', async (_label, account) => {
    const role = account.role;
    const c = await t.signIn(account.email, role);
    const me = await c.get(`/api/auth/me?role=${role}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: account.email, role });
  });

  it('says the same thing for a wrong password and an unknown account', async () => {
    const wrong = await t.client().post('/api/auth/login', { email: 'learner@parley.test', password: 'wrong-password', role: 'learner' });
    const unknown = await t.client().post('/api/auth/login', { email: 'nobody@parley.test', password: 'wrong-password', role: 'learner' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('tells the owner of an account in another area where to log in, once the password is right for it', async () => {
    const peerAtLearners = await t.client().post('/api/auth/login', { email: 'peer2@parley.test', password: 'Parley@2026', role: 'learner' });
    expect(peerAtLearners.statusCode).toBe(401);
    expect(peerAtLearners.json()).toMatchObject({ code: 'WRONG_LOGIN_PAGE', message: 'That email and password are for a peer practice account. Log in on the peer practice page.', fields: { area: 'peer' } });
    const tutorAtLearners = await t.client().post('/api/auth/login', { email: 'tutor@parley.test', password: 'Parley@2026', role: 'learner' });
    expect(tutorAtLearners.json()).toMatchObject({ code: 'WRONG_LOGIN_PAGE', fields: { area: 'teacher' } });
    // A wrong password says nothing of the other account.
    const wrong = await t.client().post('/api/auth/login', { email: 'peer2@parley.test', password: 'not-the-password', role: 'learner' });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' });
  });

  it('counts a try at another area’s account against that account too, so a login page cannot guess it unthrottled', async () => {
    expect((await t.client().post('/api/auth/peer-signup', newLearner('peer-throttled@example.com'))).statusCode).toBe(201);
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) await t.client().post('/api/auth/login', { email: 'peer-throttled@example.com', password: `guess-${i}-xx`, role: 'learner' });
    const right = await t.client().post('/api/auth/login', { email: 'peer-throttled@example.com', password: 'correct horse battery', role: 'peer' });
    expect(right.statusCode).toBe(429);
  });

  it(`throttles an account after ${MAX_FAILED_LOGINS_PER_ACCOUNT} failed attempts, even with the right password`, async () => {
    await t.client().post('/api/auth/signup', newLearner('target@example.com'));
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) {
      const res = await t.client().post('/api/auth/login', { email: 'target@example.com', password: `guess-${i}-xx`, role: 'learner' });
      expect(res.statusCode).toBe(401);
    }
    const right = await t.client().post('/api/auth/login', { email: 'target@example.com', password: 'correct horse battery', role: 'learner' });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');
  });

  it('lets the owner in on a device the account signed in on before, however many wrong passwords others sent', async () => {
    const owner = t.client();
    expect((await owner.post('/api/auth/signup', newLearner('owner-device@example.com'))).statusCode).toBe(201);
    await owner.post('/api/auth/logout', { role: 'learner' });
    for (let i = 0; i <= MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) await t.client().post('/api/auth/login', { email: 'owner-device@example.com', password: `guess-${i}-xx`, role: 'learner' });
    const right = { email: 'owner-device@example.com', password: 'correct horse battery', role: 'learner' };
    expect((await t.client().post('/api/auth/login', right)).statusCode).toBe(429);
    expect((await owner.post('/api/auth/login', right)).statusCode).toBe(200);
    // The known device has its own limit: guesses from it are throttled too.
    await owner.post('/api/auth/logout', { role: 'learner' });
    const fromDevice = [];
    for (let i = 0; i <= MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) fromDevice.push((await owner.post('/api/auth/login', { ...right, password: `again-${i}-xx` })).statusCode);
    expect(fromDevice.at(-1)).toBe(429);
  });

  it('stops counting a device as the owner’s once the owner ends its sign-in from elsewhere (a lost phone)', async () => {
    const lost = t.client();
    expect((await lost.post('/api/auth/signup', newLearner('lost-phone@example.com'))).statusCode).toBe(201);
    const right = { email: 'lost-phone@example.com', password: 'correct horse battery', role: 'learner' };
    const owner = t.client();
    expect((await owner.post('/api/auth/login', right)).statusCode).toBe(200);
    expect((await owner.post('/api/auth/sessions/end-others', {})).statusCode).toBe(200);
    // Whoever has the lost phone now guesses against the account's own limit.
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) expect((await lost.post('/api/auth/login', { ...right, password: `guess-${i}-xx` })).statusCode).toBe(401);
    expect((await t.client().post('/api/auth/login', right)).statusCode).toBe(429);
    // The owner's own device still has its own.
    await owner.post('/api/auth/logout', { role: 'learner' });
    expect((await owner.post('/api/auth/login', right)).statusCode).toBe(200);
  });

  it(`checks at most ${MAX_FAILED_LOGINS_PER_ACCOUNT} passwords of a burst of guesses sent at once`, async () => {
    await t.client().post('/api/auth/signup', newLearner('burst@example.com'));
    const guesses = await Promise.all(
      Array.from({ length: MAX_FAILED_LOGINS_PER_ACCOUNT * 3 }, (_, i) => t.client().post('/api/auth/login', { email: 'burst@example.com', password: `burst-${i}-xx`, role: 'learner' })),
    );
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(MAX_FAILED_LOGINS_PER_ACCOUNT);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(MAX_FAILED_LOGINS_PER_ACCOUNT * 2);
  });
});

describe('auth-less login links', () => {
  it('a bare learnerId logs nobody in', async () => {
    const learner = await t.signIn('learner@parley.test');
    const id = (await learner.get('/api/auth/me?role=learner')).json().user._id;
    const res = await t.client().post('/api/auth/login-link', { learnerId: id });
    expect(res.statusCode).toBe(400);
    const guessed = await t.client().post('/api/auth/login-link', { learnerId: id, token: 'x'.repeat(43) });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().message).toBe(messages.authLessLoginFailed);
  });

  it('a moderator-issued link signs the learner in once', async () => {
    const learner = await t.signIn('newbie@parley.test');
    const id = (await learner.get('/api/auth/me?role=learner')).json().user._id;
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const issued = await moderator.post('/api/moderator/login-links', { learnerId: id });
    expect(issued.statusCode).toBe(201);
    const url = new URL(issued.json().url);
    expect(url.pathname).toBe('/login');
    const payload = { learnerId: url.searchParams.get('learnerId'), token: url.searchParams.get('token') };

    const visitor = t.client();
    const first = await visitor.post('/api/auth/login-link', payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().user._id).toBe(id);
    expect((await visitor.get('/api/auth/me?role=learner')).statusCode).toBe(200);

    const second = await t.client().post('/api/auth/login-link', payload);
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(messages.authLessLoginFailed);

    // Who minted the link, for whom and when, stays on record for the moderator area.
    const audit = (await moderator.get('/api/moderator/login-link-audit')).json();
    expect(audit.items[0]).toMatchObject({
      moderator: { name: expect.any(String), email: 'moderator@parley.test' },
      learner: { _id: id, email: 'newbie@parley.test' },
      expiresAt: issued.json().expiresAt,
      usedAt: expect.any(String),
    });
    expect(audit.total).toBeGreaterThanOrEqual(1);
    expect((await learner.get('/api/moderator/login-link-audit')).statusCode).toBe(401);
  });

  it('a new link ends the learner’s earlier unused ones, even when several are asked for at once', async () => {
    const learner = await t.signIn('newbie@parley.test');
    const id = (await learner.get('/api/auth/me?role=learner')).json().user._id;
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const payloadOf = (issued: { json(): { url: string } }) => {
      const url = new URL(issued.json().url);
      return { learnerId: url.searchParams.get('learnerId'), token: url.searchParams.get('token') };
    };
    const issue = () => moderator.post('/api/moderator/login-links', { learnerId: id });
    const redeem = (issued: { json(): { url: string } }) => t.client().post('/api/auth/login-link', payloadOf(issued));
    const earlier = await issue();
    const latest = await issue();
    const refused = await redeem(earlier);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.authLessLoginFailed);
    expect((await redeem(latest)).statusCode).toBe(200);
    // Asked for three times at once: one link works (the learner's row is locked while each is made).
    const racing = await Promise.all([1, 2, 3].map(issue));
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const codes = [];
    for (const issued of racing) codes.push((await redeem(issued)).statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
  });

  it('a link is only for a learner: an unknown id and a tutor’s id are both "Learner not found"', async () => {
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const tutor = await t.signIn('tutor@parley.test', 'teacher');
    const tutorId = (await tutor.get('/api/auth/me?role=teacher')).json().user._id;
    for (const learnerId of [tutorId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await moderator.post('/api/moderator/login-links', { learnerId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Learner not found');
    }
  });

  it('only moderators issue links', async () => {
    const learner = await t.signIn('learner@parley.test');
    const id = (await learner.get('/api/auth/me?role=learner')).json().user._id;
    expect((await learner.post('/api/moderator/login-links', { learnerId: id })).statusCode).toBe(401);
  });
});

describe('per-IP limit', () => {
  it('answers 429 once one address exceeds its credential requests per minute', async () => {
    const strict = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const attempt = () => strict.client().post('/api/auth/login', { email: 'someone@parley.test', password: 'whatever1', role: 'learner' });
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt()).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });

  it('is not bypassed by a forged X-Forwarded-For: proxies are not trusted unless configured', async () => {
    const strict = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await strict.client().send('POST', '/api/auth/login', { email: 'someone@parley.test', password: 'whatever1', role: 'learner' }, { 'x-forwarded-for': `203.0.113.${i}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });

  it('counts each client address behind a configured proxy (TRUST_PROXY=1)', async () => {
    const behindProxy = await createTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await behindProxy.client().send('POST', '/api/auth/login', { email: 'someone@parley.test', password: 'whatever1', role: 'learner' }, { 'x-forwarded-for': `203.0.113.${i}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe.runIf(process.env.REDIS_URL)('logout across nodes', () => {
  it('a session revoked on node A stops working on node B at once', async () => {
    const nodeB = await createTestApp({ database: t.ctx.database, env: { TOKEN_SECRET: t.ctx.config.tokenSecret, REDIS_KEY_PREFIX: t.ctx.config.redisKeyPrefix } });
    try {
      const onA = await t.signIn('learner@parley.test');
      const onB = nodeB.client();
      onB.cookies.set(cookieName('learner'), onA.cookies.get(cookieName('learner'))!);
      expect((await onB.get('/api/auth/me?role=learner')).statusCode).toBe(200);
      await onA.post('/api/auth/logout', { role: 'learner' });
      await expect.poll(async () => (await onB.get('/api/auth/me?role=learner')).statusCode, { timeout: 1000 }).toBe(401);
    } finally {
      await nodeB.close();
    }
  });
});
