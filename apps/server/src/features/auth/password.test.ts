import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MAILS_PER_HOUR, PASSWORD_RESET_TTL_MIN, passwordTexts } from '@parley/domain/password-reset';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { MAX_FAILED_LOGINS_PER_ACCOUNT } from './auth.service';

// Forgotten and changed passwords: a reset link mailed to the account works once, for an hour,
// and signs the account out everywhere; a change needs the current password and ends every other
// sign-in; "sign out everywhere else" keeps only this one.

let t: TestApp;
let clock = new Date('2026-12-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

let next = 1;
async function newLearner() {
  const email = `reset-${next++}@example.com`;
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: 'Reset Person', email, password: 'first long password', country: 'IN', timezone: 'Asia/Kolkata' });
  expect(res.statusCode).toBe(201);
  return { email, c };
}
const logIn = (email: string, password: string, role = 'learner') => t.client().post('/api/auth/login', { email, password, role });
const resetMails = (email: string) => t.ctx.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.topic, 'password-reset')));
const changedMails = (email: string) => t.ctx.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.topic, 'password-changed')));
/** The token in the newest reset e-mail to that address. */
async function tokenMailedTo(email: string) {
  const mails = await resetMails(email);
  const link = mails.at(-1)!.textBody.match(/https?:\/\/\S+\/reset-password\?token=([^&\s]+)/);
  return decodeURIComponent(link![1]!);
}

describe('a forgotten password', () => {
  it('is reset through the mailed link, which works once, and every earlier sign-in ends', async () => {
    const { email, c } = await newLearner();
    const other = t.client();
    expect((await other.post('/api/auth/login', { email, password: 'first long password', role: 'learner' })).statusCode).toBe(200);

    const asked = await t.client().post('/api/auth/password-reset', { role: 'learner', email: email.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(passwordTexts.resetRequested);
    const [mail] = await resetMails(email);
    expect(mail).toMatchObject({ subject: passwordTexts.mailSubject });
    expect(mail!.textBody).toContain(`for ${PASSWORD_RESET_TTL_MIN} minutes`);

    const token = await tokenMailedTo(email);
    const done = await t.client().post('/api/auth/password-reset/confirm', { token, password: 'second long password' });
    expect(done.statusCode).toBe(200);
    // With the account's e-mail, for the log-in form the page opens next.
    expect(done.json()).toEqual({ role: 'learner', email, message: passwordTexts.resetDone });
    // The owner hears of it, with the way back in should it not have been them.
    const [told] = await changedMails(email);
    expect(told).toMatchObject({ subject: passwordTexts.changedMailSubject });
    expect(told!.textBody).toMatch(/https?:\/\/\S+\/forgot-password\n/);

    expect((await c.get('/api/auth/me?role=learner')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me?role=learner')).statusCode).toBe(401);
    expect((await logIn(email, 'first long password')).statusCode).toBe(401);
    expect((await logIn(email, 'second long password')).statusCode).toBe(200);

    const again = await t.client().post('/api/auth/password-reset/confirm', { token, password: 'third long password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(passwordTexts.resetLinkInvalid);
    // A refused try changed nothing, and says nothing to the owner.
    expect(await changedMails(email)).toHaveLength(1);
    expect((await logIn(email, 'second long password')).statusCode).toBe(200);
  });

  it('keeps the device the reset was done on as the owner’s: others’ wrong passwords cannot lock the owner out there', async () => {
    const { email, c: owner } = await newLearner();
    await owner.post('/api/auth/logout', { role: 'learner' });
    expect((await owner.post('/api/auth/password-reset', { role: 'learner', email })).statusCode).toBe(202);
    expect((await owner.post('/api/auth/password-reset/confirm', { token: await tokenMailedTo(email), password: 'second long password' })).statusCode).toBe(200);
    for (let i = 0; i <= MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) await logIn(email, `guess-${i}-xx`);
    expect((await logIn(email, 'second long password')).statusCode).toBe(429);
    expect((await owner.post('/api/auth/login', { email, password: 'second long password', role: 'learner' })).statusCode).toBe(200);
  });

  it('lifts the account’s login limit once the password is reset: a browser that never signed in gets in with the new password', async () => {
    const { email, c: owner } = await newLearner();
    await owner.post('/api/auth/logout', { role: 'learner' });
    for (let i = 0; i <= MAX_FAILED_LOGINS_PER_ACCOUNT; i += 1) await logIn(email, `guess-${i}-xx`);
    expect((await logIn(email, 'first long password')).statusCode).toBe(429);
    const fresh = t.client();
    expect((await fresh.post('/api/auth/password-reset', { role: 'learner', email })).statusCode).toBe(202);
    expect((await fresh.post('/api/auth/password-reset/confirm', { token: await tokenMailedTo(email), password: 'second long password' })).statusCode).toBe(200);
    expect((await fresh.post('/api/auth/login', { email, password: 'second long password', role: 'learner' })).statusCode).toBe(200);
  });

  it('names the area in a link for another area than the learners’, so a dead link asks again there', async () => {
    expect((await t.client().post('/api/auth/password-reset', { role: 'teacher', email: 'tutor@parley.test' })).statusCode).toBe(202);
    expect((await resetMails('tutor@parley.test')).at(-1)!.textBody).toMatch(/\/reset-password\?token=[\w-]+&role=teacher\b/);
    const { email } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    expect((await resetMails(email)).at(-1)!.textBody).toMatch(/\/reset-password\?token=[\w-]+\s/);
  });

  it('ends every other link mailed before, once the password is reset through one', async () => {
    const { email } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const first = await tokenMailedTo(email);
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect((await t.client().post('/api/auth/password-reset/confirm', { token: second, password: 'second long password' })).statusCode).toBe(200);
    const older = await t.client().post('/api/auth/password-reset/confirm', { token: first, password: 'third long password' });
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(passwordTexts.resetLinkInvalid);
    expect((await logIn(email, 'second long password')).statusCode).toBe(200);
  });

  it('says whether a link can still be used before anything is typed, changing nothing', async () => {
    const { email } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const token = await tokenMailedTo(email);
    const check = (value: string) => t.client().post('/api/auth/password-reset/check', { token: value });
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await check(token)).json()).toEqual({ valid: true });
    expect((await check('x'.repeat(43))).json()).toEqual({ valid: false });
    expect((await check('short')).statusCode).toBe(400);
    expect((await t.client().post('/api/auth/password-reset/confirm', { token, password: 'second long password' })).statusCode).toBe(200);
    expect((await check(token)).json()).toEqual({ valid: false });
  });

  it('ends a link mailed before a change of the password on the account page', async () => {
    const { email, c } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const token = await tokenMailedTo(email);
    expect((await c.put('/api/auth/password', { currentPassword: 'first long password', newPassword: 'second long password' })).statusCode).toBe(200);
    const late = await t.client().post('/api/auth/password-reset/confirm', { token, password: 'third long password' });
    expect(late.statusCode).toBe(400);
    expect((await logIn(email, 'second long password')).statusCode).toBe(200);
  });

  it(`stops working after ${PASSWORD_RESET_TTL_MIN} minutes`, async () => {
    const { email } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const token = await tokenMailedTo(email);
    const start = clock;
    clock = new Date(start.getTime() + PASSWORD_RESET_TTL_MIN * 60_000);
    try {
      const late = await t.client().post('/api/auth/password-reset/confirm', { token, password: 'second long password' });
      expect(late.statusCode).toBe(400);
      expect((await logIn(email, 'first long password')).statusCode).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('answers the same for an e-mail with no account, and mails nobody', async () => {
    const asked = await t.client().post('/api/auth/password-reset', { role: 'learner', email: 'nobody-here@example.com' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(passwordTexts.resetRequested);
    expect(await resetMails('nobody-here@example.com')).toEqual([]);
    // An account of another role is not the one asked for.
    const { email } = await newLearner();
    await t.client().post('/api/auth/password-reset', { role: 'teacher', email });
    expect(await resetMails(email)).toEqual([]);
  });

  it(`mails one account at most ${PASSWORD_RESET_MAILS_PER_HOUR} links an hour, however many are asked for at once`, async () => {
    const { email } = await newLearner();
    const asks = await Promise.all(Array.from({ length: 6 }, () => t.client().post('/api/auth/password-reset', { role: 'learner', email })));
    expect(asks.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
    expect(await resetMails(email)).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR);
    const start = clock;
    clock = new Date(start.getTime() + 61 * 60_000);
    try {
      await t.client().post('/api/auth/password-reset', { role: 'learner', email });
      expect(await resetMails(email)).toHaveLength(PASSWORD_RESET_MAILS_PER_HOUR + 1);
    } finally {
      clock = start;
    }
  });

  it('refuses a made-up token and a short new password, and changes nothing', async () => {
    const { email } = await newLearner();
    expect((await t.client().post('/api/auth/password-reset/confirm', { token: 'y'.repeat(43), password: 'second long password' })).statusCode).toBe(400);
    await t.client().post('/api/auth/password-reset', { role: 'learner', email });
    const short = await t.client().post('/api/auth/password-reset/confirm', { token: await tokenMailedTo(email), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('password');
    expect((await logIn(email, 'first long password')).statusCode).toBe(200);
  });
});

describe('a signed-in account', () => {
  it('says only that the password is changed when it was signed in nowhere else', async () => {
    const { c } = await newLearner();
    const changed = await c.put('/api/auth/password', { currentPassword: 'first long password', newPassword: 'second long password' });
    expect(changed.json()).toEqual({ ended: 0, message: passwordTexts.changedSignedInNowhereElse });
  });

  it('changes its password with the current one, stays signed in here and is signed out everywhere else', async () => {
    const { email, c } = await newLearner();
    const other = t.client();
    await other.post('/api/auth/login', { email, password: 'first long password', role: 'learner' });

    const wrong = await c.put('/api/auth/password', { currentPassword: 'not my password', newPassword: 'second long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: passwordTexts.wrongCurrentPassword });
    const same = await c.put('/api/auth/password', { currentPassword: 'first long password', newPassword: 'first long password' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ newPassword: passwordTexts.samePassword });
    expect((await other.get('/api/auth/me?role=learner')).statusCode).toBe(200);

    const changed = await c.put('/api/auth/password', { currentPassword: 'first long password', newPassword: 'second long password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ended: 1, message: passwordTexts.changed });
    expect(await changedMails(email)).toHaveLength(1);
    expect((await c.get('/api/auth/me?role=learner')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me?role=learner')).statusCode).toBe(401);
    expect((await logIn(email, 'first long password')).statusCode).toBe(401);
    expect((await logIn(email, 'second long password')).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this sign-in and the kid it opened', async () => {
    const parent = t.client();
    await parent.post('/api/auth/login', { email: 'parent@parley.test', password: 'Parley@2026', role: 'learner' });
    const kids = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    expect((await parent.post('/api/learner/findKidById', { learnerId: kids[0]._id })).statusCode).toBe(200);
    const elsewhere = t.client();
    await elsewhere.post('/api/auth/login', { email: 'parent@parley.test', password: 'Parley@2026', role: 'learner' });
    await elsewhere.post('/api/learner/findKidById', { learnerId: kids[0]._id });

    const ended = await parent.post('/api/auth/sessions/end-others');
    expect(ended.statusCode).toBe(200);
    // The other browser's parent session and the kid session it opened.
    expect(ended.json()).toEqual({ ended: 2, message: passwordTexts.signedOutElsewhere });
    expect((await elsewhere.get('/api/auth/me?role=learner')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/auth/me?role=kid')).statusCode).toBe(401);
    expect((await parent.get('/api/auth/me?role=learner')).statusCode).toBe(200);
    expect((await parent.get('/api/auth/me?role=kid')).statusCode).toBe(200);
    // Pressed again, there is nowhere else left, and the answer says so.
    expect((await parent.post('/api/auth/sessions/end-others')).json()).toEqual({ ended: 0, message: passwordTexts.notSignedInElsewhere });
  });
});
