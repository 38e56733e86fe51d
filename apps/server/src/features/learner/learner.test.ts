import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signUpParent(email: string) {
  const c = t.client();
  const res = await c.post('/api/auth/signup', { name: 'Parent Person', email, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
  expect(res.statusCode).toBe(201);
  return c;
}

describe('kid profiles', () => {
  it('lists the demo parent’s two kids', async () => {
    const parent = await t.signIn('parent@parley.test');
    const res = await parent.post('/api/learner/getKidsByParentId', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().allKids.map((k: { name: string }) => k.name)).toEqual(['Aarav Rao', 'Diya Rao']);
  });

  it(`refuses a kid beyond ${MAX_KID_PROFILES}`, async () => {
    const parent = await signUpParent('three@example.com');
    for (let i = 0; i < MAX_KID_PROFILES; i += 1) {
      expect((await parent.post('/api/learner/newKid', { name: `Kid ${i}` })).statusCode).toBe(201);
    }
    const fourth = await parent.post('/api/learner/newKid', { name: 'One Too Many' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('KID_LIMIT_REACHED');
    expect((await parent.post('/api/learner/getKidsByParentId', {})).json().allKids).toHaveLength(MAX_KID_PROFILES);
  });

  it('holds the limit when ten creations race', async () => {
    const parent = await signUpParent('race@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => parent.post('/api/learner/newKid', { name: `Racer ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_KID_PROFILES);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10 - MAX_KID_PROFILES);
    expect((await parent.post('/api/learner/getKidsByParentId', {})).json().allKids).toHaveLength(MAX_KID_PROFILES);
  });

  it('switches to an own kid and never to someone else’s', async () => {
    const parent = await t.signIn('parent@parley.test');
    const [kid] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    const selected = await parent.post('/api/learner/findKidById', { learnerId: kid._id });
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ learner: { _id: kid._id, role: 'kid' } });
    expect(typeof selected.json().token).toBe('string');
    expect((await parent.get('/api/auth/me?role=kid')).json().user._id).toBe(kid._id);

    const stranger = await signUpParent('stranger@example.com');
    const res = await stranger.post('/api/learner/findKidById', { learnerId: kid._id });
    expect(res.statusCode).toBe(404);
    expect(stranger.cookies.has('parley_kid')).toBe(false);
  });
});

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
    expect(me).toMatchObject({ name: 'Parent Person', country: 'IN', timezone: 'Asia/Kolkata' });
  });
});

describe('kid sessions', () => {
  it('a kid token acts only for that kid: no parent wallet, no sibling, no kid list', async () => {
    const parent = await t.signIn('parent@parley.test');
    const [aarav, diya] = (await parent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    await parent.post('/api/learner/findKidById', { learnerId: aarav._id });
    const kidOnly = t.client();
    kidOnly.cookies.set('parley_kid', parent.cookies.get('parley_kid')!);
    expect((await kidOnly.get('/api/auth/me?role=kid')).json().user._id).toBe(aarav._id);
    expect((await kidOnly.get('/api/wallet')).statusCode).toBe(401);
    expect((await kidOnly.post('/api/learner/getKidsByParentId', {})).statusCode).toBe(401);
    expect((await kidOnly.post('/api/learner/findKidById', { learnerId: diya._id })).statusCode).toBe(401);
    expect((await kidOnly.get(`/api/kids/${diya._id}/subjects`)).statusCode).toBe(404);
    expect((await kidOnly.get(`/api/kids/${aarav._id}/subjects`)).statusCode).toBe(200);
  });
});
