import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// Chromium reports India's zone by its old name, 'Asia/Calcutta'; the seeded users have
// 'Asia/Kolkata'. Every user is stored with the current IANA name, however the browser said it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('time zone names', () => {
  it('a sign-up from a browser that says Asia/Calcutta is stored as Asia/Kolkata', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/signup', { name: 'Kiran Rao', email: 'kiran@example.com', password: 'correct horse battery', country: 'IN', timezone: 'Asia/Calcutta' });
    expect(res.statusCode).toBe(201);
    const me = await c.get('/api/auth/me?role=learner');
    expect(me.json().user.timezone).toBe('Asia/Kolkata');
  });

  it('a profile saved with Europe/Kiev is stored as Europe/Kyiv', async () => {
    const c = t.client();
    await c.post('/api/auth/signup', { name: 'Olena Shevchenko', email: 'olena@example.com', password: 'correct horse battery', country: 'UA', timezone: 'Europe/Kyiv' });
    const res = await c.put('/api/learner/profile', { name: 'Olena Shevchenko', phoneNumber: '+380 44 123 4567', dob: '1994-05-01', country: 'UA', timezone: 'Europe/Kiev' });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/auth/me?role=learner')).json().user.timezone).toBe('Europe/Kyiv');
  });
});
