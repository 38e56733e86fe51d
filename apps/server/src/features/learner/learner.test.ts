import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
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

  it('moves the kids to the parent’s new time zone, so their classes and the parent’s e-mails show one time', async () => {
    const c = await signUpParent('moving-parent@example.com');
    expect((await c.post('/api/learner/newKid', { name: 'Ira Rao', dob: '2018-01-01' })).statusCode).toBe(201);
    const profile = { name: 'Moving Parent', phoneNumber: null, dob: null, country: 'GB', timezone: 'Europe/London' };
    expect((await c.put('/api/learner/profile', profile)).statusCode).toBe(200);
    const [kid] = (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
    expect((await c.post('/api/learner/findKidById', { learnerId: kid._id })).json().learner.timezone).toBe('Europe/London');
    // Another parent's kids keep theirs.
    const [other] = await t.ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.name, 'Aarav Rao'));
    expect(other!.timezone).toBe('Asia/Kolkata');
  });

  it('refuses a bad profile and changes nothing', async () => {
    const c = await signUpParent('badprofile@example.com');
    const res = await c.put('/api/learner/profile', { name: 'X', phoneNumber: 'call me', dob: '1994-13-45', country: 'India', timezone: 'Nowhere/City' });
    expect(res.statusCode).toBe(400);
    const me = (await c.get('/api/auth/me?role=learner')).json().user;
    expect(me).toMatchObject({ name: 'Payer Person', country: 'IN', timezone: 'Asia/Kolkata' });
  });

  it('refuses a country that is not one (ZZ), at sign-up and in the profile', async () => {
    const c = await signUpParent('nocountry@example.com');
    const me = (await c.get('/api/auth/me?role=learner')).json().user;
    const res = await c.put('/api/learner/profile', { name: me.name, country: 'ZZ', timezone: 'Asia/Kolkata' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.country).toBe('Choose a country from the list');
    expect((await c.get('/api/auth/me?role=learner')).json().user.country).toBe('IN');
    const signup = await t.client().post('/api/auth/signup', { name: 'Zed Person', email: 'zz@example.com', password: 'Str0ng!pass', country: 'ZZ', timezone: 'UTC' });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().fields.country).toBe('Choose a country from the list');
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

  it('refuses a date of birth of the year 1, an IELTS test date in the past and a phone number with country code 0, and keeps none', async () => {
    const c = await signUpParent('implausible@example.com');
    const me = async () => (await c.get('/api/auth/me?role=learner')).json().user;
    const profile = { name: 'Emily Carter', phoneNumber: null, dob: null, country: 'IN', timezone: 'Asia/Kolkata' };
    const tries = [
      [{ dob: '0001-01-01' }, { dob: 'Enter a date of birth within the last 120 years' }],
      [{ ieltsTestDate: '1999-01-01' }, { ieltsTestDate: 'A test date can’t be in the past' }],
      [{ phoneNumber: '+0000000' }, { phoneNumber: 'Start with your country code, e.g. +91 98200 12345 (no country code starts with 0)' }],
      [{ phoneNumber: '12345 67890' }, { phoneNumber: 'Enter a 10-digit Indian mobile number (it starts with 6, 7, 8 or 9)' }],
    ] as const;
    for (const [change, fields] of tries) {
      const res = await c.put('/api/learner/profile', { ...profile, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    expect(await me()).toMatchObject({ name: 'Payer Person', phoneNumber: null, dob: null, ieltsTestDate: null });
  });

  it('keeps an IELTS test date that has since passed when the profile is saved with it unchanged', async () => {
    const { c, id } = await newLearner(t, 'pasttest@example.com');
    const profile = { name: 'Emily Carter', phoneNumber: '+91 98765 43210', dob: '1994-02-03', country: 'IN', timezone: 'Asia/Kolkata' };
    expect((await c.put('/api/learner/profile', { ...profile, ieltsTestDate: '2099-03-01' })).statusCode).toBe(400);
    const soon = new Date(t.ctx.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await c.put('/api/learner/profile', { ...profile, ieltsTestDate: soon })).json().user.ieltsTestDate).toBe(soon);
    // The test took place; the date stays in the profile as saved.
    await t.ctx.db.update(users).set({ ieltsTestDate: '2026-01-15' }).where(eq(users.id, id));
    const renamed = await c.put('/api/learner/profile', { ...profile, name: 'Emily C', ieltsTestDate: '2026-01-15' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'Emily C', ieltsTestDate: '2026-01-15' });
  });
});
