import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newLearner } from '../../test/wallet-money';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpParent = async (email: string) => (await newLearner(t, email)).c;

describe('profile', () => {
  it('updates name, phone, dob, country and timezone', async () => {
    const c = await signUpParent('profile@example.com');
    const res = await c.put('/api/learner/profile', {
      name: 'Asha Updated',
      phoneNumber: '+91 98765 43210',
      dob: '1994-02-03',
      country: 'US',
      timezone: 'America/Chicago',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Asha Updated', phoneNumber: '+91 98765 43210', dob: '1994-02-03', country: 'US', timezone: 'America/Chicago', isPhoneNumberVerified: false });
  });

  it('refuses a bad profile and changes nothing', async () => {
    const c = await signUpParent('badprofile@example.com');
    const res = await c.put('/api/learner/profile', { name: 'X', phoneNumber: 'call me', dob: '1994-13-45', country: 'India', timezone: 'Nowhere/City' });
    expect(res.statusCode).toBe(400);
    const me = (await c.get('/api/auth/me?role=learner')).json().user;
    expect(me).toMatchObject({ name: 'Payer Person', country: 'IN', timezone: 'Asia/Kolkata' });
  });

  it('refuses a date of birth in the future, for the learner and for a kid, and keeps neither', async () => {
    const c = await signUpParent('futuredob@example.com');
    const profile = await c.put('/api/learner/profile', { name: 'Emily Carter', phoneNumber: null, dob: '2031-05-05', country: 'IN', timezone: 'Asia/Kolkata' });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().fields).toEqual({ dob: 'A date of birth can’t be in the future' });
    expect((await c.get('/api/auth/me?role=learner')).json().user.dob).toBeNull();
    const kid = await c.post('/api/learner/newKid', { name: 'Zoya Rao', dob: '2035-01-01' });
    expect(kid.statusCode).toBe(400);
    expect(kid.json().fields).toEqual({ dob: 'A date of birth can’t be in the future' });
    expect((await c.post('/api/learner/getKidsByParentId', {})).json().allKids).toEqual([]);
  });
});
