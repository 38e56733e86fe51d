import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MIN } from '@parley/domain/phone-verification';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { captureLog } from '../../test/log-capture';

// Verifying a saved phone number with a 6-digit code sent by SMS (to the development outbox
// here): 10 minutes, 5 wrong tries, 3 sends an hour, a changed number unverified again, and the
// code never in a log.

const MIN = 60_000;
let clock = new Date('2027-05-01T10:00:00Z');
const log = captureLog();
const logLines = log.lines;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, logStream: log.stream });
});
afterAll(() => t.close());

const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * MIN);
};

let learners = 0;
async function learnerWithPhone(phoneNumber: string): Promise<TestClient> {
  learners += 1;
  const c = t.client();
  const email = `phone${learners}@example.com`;
  expect((await c.post('/api/auth/signup', { name: 'Priya Nair', email, password: 'correct horse battery', country: 'IN', timezone: 'Asia/Kolkata' })).statusCode).toBe(201);
  const saved = await c.put('/api/learner/profile', { name: 'Priya Nair', phoneNumber, dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata' });
  expect(saved.statusCode).toBe(200);
  return c;
}

/** The latest code the development outbox holds for a number. */
async function latestCode(phoneNumber: string): Promise<string> {
  const res = await t.client().get(`/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
  const sms = res.json().items[0];
  expect(sms).toMatchObject({ channel: 'sms', to: phoneNumber, subject: '' });
  return /\b(\d{6})\b/.exec(sms.text)![1]!;
}

const me = async (c: TestClient) => (await c.get('/api/auth/me?role=learner')).json().user;

describe('phone verification', () => {
  it('sends a 6-digit code to the saved number, and the right code verifies it', async () => {
    const c = await learnerWithPhone('+91 98200 11111');
    const sent = await c.post('/api/learner/phone/send-code');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: '•••• 1111', expiresAt: new Date(clock.getTime() + PHONE_CODE_TTL_MIN * MIN).toISOString(), sendsLeft: 2 });
    const code = await latestCode('+91 98200 11111');
    expect(code).toMatch(/^\d{6}$/);

    const verified = await c.post('/api/learner/phone/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.isPhoneNumberVerified).toBe(true);
    expect((await me(c)).isPhoneNumberVerified).toBe(true);
    // Nothing more to verify.
    expect((await c.post('/api/learner/phone/send-code')).statusCode).toBe(409);
    // The code was never written to the log.
    expect(logLines.join('')).not.toContain(code);
  });

  it('a wrong code says how many tries are left; after 5 wrong tries even the right code is refused', async () => {
    const c = await learnerWithPhone('+91 98200 22222');
    await c.post('/api/learner/phone/send-code');
    const code = await latestCode('+91 98200 22222');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = PHONE_CODE_MAX_ATTEMPTS - 1; left >= 0; left -= 1) {
      const res = await c.post('/api/learner/phone/verify', { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'That code is not right, and that was the last try. Send a new code.');
    }
    const late = await c.post('/api/learner/phone/verify', { code });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Too many wrong tries for this code. Send a new one.');
    expect((await me(c)).isPhoneNumberVerified).toBe(false);
  });

  it('guesses sent at once never get more than 5 tries', async () => {
    const c = await learnerWithPhone('+91 98200 33333');
    await c.post('/api/learner/phone/send-code');
    const code = await latestCode('+91 98200 33333');
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => c.post('/api/learner/phone/verify', { code: guess })));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(PHONE_CODE_MAX_ATTEMPTS);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(20 - PHONE_CODE_MAX_ATTEMPTS);
    expect((await c.post('/api/learner/phone/verify', { code })).statusCode).toBe(409);
  });

  it('a code expires after 10 minutes', async () => {
    const c = await learnerWithPhone('+91 98200 44444');
    await c.post('/api/learner/phone/send-code');
    const code = await latestCode('+91 98200 44444');
    advance(PHONE_CODE_TTL_MIN);
    const res = await c.post('/api/learner/phone/verify', { code });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('That code has expired. Send a new one.');
  });

  it('at most 3 codes an hour; a new code replaces the old one', async () => {
    const c = await learnerWithPhone('+91 98200 55555');
    const firstSend = await c.post('/api/learner/phone/send-code');
    expect(firstSend.json().sendsLeft).toBe(2);
    const first = await latestCode('+91 98200 55555');
    advance(1);
    expect((await c.post('/api/learner/phone/send-code')).json().sendsLeft).toBe(1);
    advance(1);
    expect((await c.post('/api/learner/phone/send-code')).json().sendsLeft).toBe(0);
    const last = await latestCode('+91 98200 55555');
    advance(1);
    const fourth = await c.post('/api/learner/phone/send-code');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^You can ask for 3 codes an hour\. You can ask again at .+1 May 2027, 4:40 PM \(Asia\/Kolkata\)\.$/);
    if (first !== last) expect((await c.post('/api/learner/phone/verify', { code: first })).statusCode).toBe(400);
    expect((await c.post('/api/learner/phone/verify', { code: last })).statusCode).toBe(200);
  });

  it('at most 3 codes an hour to one number, however many accounts ask (no SMS pumping)', async () => {
    const number = '+44 7700 900123';
    const accounts = await Promise.all([1, 2, 3, 4].map(() => learnerWithPhone(number)));
    const sends = await Promise.all(accounts.map((c) => c.post('/api/learner/phone/send-code')));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    const other = await learnerWithPhone('+44 7700 900124');
    expect((await other.post('/api/learner/phone/send-code')).statusCode).toBe(200);
    advance(61);
    expect((await accounts[0]!.post('/api/learner/phone/send-code')).statusCode).toBe(200);
  });

  it('counts one number however it is written: spaces, with or without + and country code, a trunk 0', async () => {
    const writings = ['+91 98765 43210', '+919876543210', '919876543210', '098765 43210'];
    const accounts = await Promise.all(writings.map((number) => learnerWithPhone(number)));
    const sends = await Promise.all(accounts.map((c) => c.post('/api/learner/phone/send-code')));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
  });

  it('changing the number unverifies it and drops the code sent to the old one', async () => {
    const c = await learnerWithPhone('+91 98200 66666');
    await c.post('/api/learner/phone/send-code');
    await c.post('/api/learner/phone/verify', { code: await latestCode('+91 98200 66666') });
    expect((await me(c)).isPhoneNumberVerified).toBe(true);

    await c.put('/api/learner/profile', { name: 'Priya Nair', phoneNumber: '+91 98200 77777', dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata' });
    expect((await me(c)).isPhoneNumberVerified).toBe(false);
    await c.post('/api/learner/phone/send-code');
    const code = await latestCode('+91 98200 77777');
    await c.put('/api/learner/profile', { name: 'Priya Nair', phoneNumber: '+91 98200 88888', dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata' });
    const stale = await c.post('/api/learner/phone/verify', { code });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Send a code first.');
  });

  it('refuses without a saved number, and refuses a code that is not 6 digits', async () => {
    const c = t.client();
    await c.post('/api/auth/signup', { name: 'No Phone', email: 'nophone@example.com', password: 'correct horse battery', country: 'IN', timezone: 'Asia/Kolkata' });
    const res = await c.post('/api/learner/phone/send-code');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Save a phone number first, then verify it.');
    expect((await c.post('/api/learner/phone/verify', { code: '12ab56' })).statusCode).toBe(400);
  });
});

describe('IELTS goal in the profile', () => {
  it('keeps a band goal in halves and a test date, and leaves them when not sent', async () => {
    const c = await learnerWithPhone('+91 98200 99999');
    const saved = await c.put('/api/learner/profile', { name: 'Priya Nair', phoneNumber: '+91 98200 99999', dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata', ieltsBandGoal: 7.5, ieltsTestDate: '2027-08-14' });
    expect(saved.json().user).toMatchObject({ ieltsBandGoal: 7.5, ieltsTestDate: '2027-08-14' });
    await c.put('/api/learner/profile', { name: 'Priya N', phoneNumber: '+91 98200 99999', dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata' });
    expect(await me(c)).toMatchObject({ name: 'Priya N', ieltsBandGoal: 7.5, ieltsTestDate: '2027-08-14' });
    const bad = await c.put('/api/learner/profile', { name: 'Priya Nair', phoneNumber: '+91 98200 99999', dob: '1995-03-04', country: 'IN', timezone: 'Asia/Kolkata', ieltsBandGoal: 7.25 });
    expect(bad.statusCode).toBe(400);
  });
});
