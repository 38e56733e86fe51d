import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { chatRooms, kidMinuteGifts, kidSessionPurchases, liveSessions, notifications, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { deadlockFirstUserDelete } from '../../test/deadlock-victim';
import { waitForLockWaiter } from '../../test/lock-wait';
import { balanceOf, ledgerConsistent, newLearner, topUp } from '../../test/wallet-money';
import { lockKid } from './kids.repository';

// Editing and removing a kid profile: POST /api/learner/kids/:kidId/edit and …/remove.

let t: TestApp;
let tutorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [tutor] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'teacher')).limit(1);
  tutorId = tutor!.id;
});
afterAll(() => t.close());

type Kid = { _id: string; name: string };
const kidsOf = async (c: TestClient): Promise<Kid[]> => (await c.post('/api/learner/getKidsByParentId', {})).json().allKids;
const edit = (c: TestClient, kidId: string, name: unknown, dob: unknown = null) => c.post(`/api/learner/kids/${kidId}/edit`, { name, dob });
const dobOf = async (kidId: string) => (await t.ctx.db.select({ dob: users.dob }).from(users).where(eq(users.id, kidId)))[0]!.dob;
const remove = (c: TestClient, kidId: string) => c.post(`/api/learner/kids/${kidId}/remove`, {});

async function parentWithKid(email: string, kidName = 'Typo Kidd') {
  const parent = await newLearner(t, email);
  const created = await parent.c.post('/api/learner/newKid', { name: kidName });
  expect(created.statusCode).toBe(201);
  return { ...parent, kid: created.json().kid as Kid };
}

/** A kids' session booked for the kid, far from anything else the tutor has. */
async function bookedSessionFor(kidId: string, daysAhead: number) {
  const startAt = new Date(Date.UTC(2031, 0, 1 + daysAhead, 4, 0));
  await t.ctx.db.insert(liveSessions).values({ teacherId: tutorId, learnerId: kidId, subject: 'English', type: 'Regular', forKids: true, startAt, endAt: new Date(startAt.getTime() + 25 * 60_000) });
}

describe('editing a kid', () => {
  it('renames the parent’s own kid, by the name rule of adding one', async () => {
    const { c, kid } = await parentWithKid('rename@example.com');
    const res = await edit(c, kid._id, '  Ira Rao ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kid: { _id: kid._id, name: 'Ira Rao' }, message: 'Renamed to Ira Rao' });
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Ira Rao']);

    for (const [name, text] of [
      ['', 'Enter the kid’s name'],
      ['A', 'A kid’s name needs at least 2 letters'],
      ['<b>Ira</b>', 'A name can’t contain < or >.'],
    ] as const) {
      const refused = await edit(c, kid._id, name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: text } });
    }
    expect((await edit(c, kid._id, 'x'.repeat(61))).statusCode).toBe(400);
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Ira Rao']);
  });

  it('sets, changes and clears the date of birth by the rule of adding a kid', async () => {
    const { c, kid } = await parentWithKid('edit-dob@example.com', 'Ira Rao');
    const set = await edit(c, kid._id, 'Ira Rao', '2018-03-04');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kid: { _id: kid._id, name: 'Ira Rao', dob: '2018-03-04' }, message: 'Ira Rao’s profile is saved.' });
    expect(await dobOf(kid._id)).toBe('2018-03-04');

    for (const [dob, text] of [
      ['3000-01-01', 'A date of birth can’t be in the future'],
      ['2018-02-30', 'Enter a valid date of birth'],
    ] as const) {
      const refused = await edit(c, kid._id, 'Ira Renamed', dob);
      expect(refused.statusCode, dob).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { dob: text } });
    }
    // A refused date renames nothing either; a missing one is refused, not read as clearing.
    expect((await c.post(`/api/learner/kids/${kid._id}/edit`, { name: 'Ira Renamed' })).statusCode).toBe(400);
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Ira Rao']);
    expect(await dobOf(kid._id)).toBe('2018-03-04');

    const both = await edit(c, kid._id, 'Ira R', '2017-03-04');
    expect(both.json()).toMatchObject({ kid: { name: 'Ira R', dob: '2017-03-04' }, message: 'Ira R’s profile is saved.' });
    expect((await edit(c, kid._id, 'Ira R', null)).json()).toMatchObject({ kid: { dob: null }, message: 'Ira R’s profile is saved.' });
    expect(await dobOf(kid._id)).toBeNull();
  });

  it('answers 404 for another parent’s kid, a learner, or no kid at all, renaming nothing', async () => {
    const { kid } = await parentWithKid('rename-owner@example.com', 'Owned Kid');
    const stranger = await newLearner(t, 'rename-stranger@example.com');
    for (const id of [kid._id, stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await edit(stranger.c, id, 'Taken Over', '2015-01-01');
      expect(res.statusCode, id).toBe(404);
    }
    const [row] = await t.ctx.db.select({ name: users.name, dob: users.dob }).from(users).where(eq(users.id, kid._id));
    expect(row).toEqual({ name: 'Owned Kid', dob: null });
    expect((await edit(stranger.c, 'not-a-uuid', 'Taken Over')).statusCode).toBe(404);
  });

  it('edits the kid an open kid session acts as', async () => {
    const { c, kid } = await parentWithKid('rename-active@example.com');
    await c.post('/api/learner/findKidById', { learnerId: kid._id });
    await edit(c, kid._id, 'Renamed Kid');
    expect((await c.get('/api/auth/me?role=kid')).json().user.name).toBe('Renamed Kid');
  });
});

describe('removing a kid', () => {
  it(`removes a kid nothing hangs on, so another can be added in its place (still at most ${MAX_KID_PROFILES})`, async () => {
    const { c } = await newLearner(t, 'remove-empty@example.com');
    for (const name of ['First Kid', 'Typo Kidd', 'Third Kid']) expect((await c.post('/api/learner/newKid', { name })).statusCode).toBe(201);
    expect((await c.post('/api/learner/newKid', { name: 'Fourth Kid' })).json().code).toBe('KID_LIMIT_REACHED');

    const typo = (await kidsOf(c)).find((k) => k.name === 'Typo Kidd')!;
    const removed = await remove(c, typo._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ kidId: typo._id, message: 'Typo Kidd was removed' });
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['First Kid', 'Third Kid']);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, typo._id))).toEqual([]);

    expect((await c.post('/api/learner/newKid', { name: 'Real Kid' })).statusCode).toBe(201);
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['First Kid', 'Third Kid', 'Real Kid']);
    expect((await c.post('/api/learner/newKid', { name: 'Fourth Kid' })).json().code).toBe('KID_LIMIT_REACHED');
    expect((await remove(c, typo._id)).statusCode).toBe(404);
  });

  it('answers 404 for another parent’s kid or a learner, removing nothing', async () => {
    const { c: owner, kid, id: ownerId } = await parentWithKid('remove-owner@example.com', 'Kept Kid');
    const stranger = await newLearner(t, 'remove-stranger@example.com');
    for (const id of [kid._id, stranger.id, ownerId]) expect((await remove(stranger.c, id)).statusCode, id).toBe(404);
    expect((await remove(owner, ownerId)).statusCode).toBe(404);
    expect((await kidsOf(owner)).map((k) => k.name)).toEqual(['Kept Kid']);
    expect((await remove(owner, kid._id)).statusCode).toBe(200);
  });

  it('ends the kid’s open session: its own browser and the parent’s', async () => {
    const { c, kid } = await parentWithKid('remove-active@example.com');
    expect((await c.post('/api/learner/findKidById', { learnerId: kid._id })).statusCode).toBe(200);
    const kidBrowser = t.client();
    kidBrowser.cookies.set('parley_kid', c.cookies.get('parley_kid')!);
    expect((await kidBrowser.get('/api/auth/me?role=kid')).statusCode).toBe(200);

    expect((await remove(c, kid._id)).statusCode).toBe(200);
    expect((await kidBrowser.get('/api/auth/me?role=kid')).statusCode).toBe(401);
    expect((await kidBrowser.get(`/api/kids/${kid._id}/subjects`)).statusCode).toBe(401);
    expect(c.cookies.has('parley_kid')).toBe(false);
    // The parent stays signed in.
    expect((await c.get('/api/auth/me?role=learner')).statusCode).toBe(200);
  });

  it('refuses a kid with sessions and purchases, naming both, and changes nothing', async () => {
    const { c, kid, id: parentId } = await parentWithKid('remove-held@example.com', 'Diya Rao');
    await topUp(c, 100_000);
    expect((await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 2 })).statusCode).toBe(200);
    await bookedSessionFor(kid._id, 1);
    const before = { kids: await kidsOf(c), balance: await balanceOf(c), subjects: (await c.get(`/api/kids/${kid._id}/subjects`)).json() };
    expect((await c.post('/api/learner/findKidById', { learnerId: kid._id })).statusCode).toBe(200);

    const refused = await remove(c, kid._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: 'Diya Rao has sessions and purchases, so the profile stays. Contact support to close it.' });
    expect({ kids: await kidsOf(c), balance: await balanceOf(c), subjects: (await c.get(`/api/kids/${kid._id}/subjects`)).json() }).toEqual(before);
    expect(await t.ctx.db.select().from(kidSessionPurchases).where(eq(kidSessionPurchases.kidId, kid._id))).toHaveLength(1);
    // The kid session still works.
    expect((await c.get('/api/auth/me?role=kid')).json().user._id).toBe(kid._id);
    expect((await ledgerConsistent(t, parentId)).ledgerSum).toBe(before.balance);
  });

  it('names each thing that holds a profile: a purchase alone, a demo, a chat, peer minutes', async () => {
    const { c } = await newLearner(t, 'remove-ties@example.com');
    await topUp(c, 100_000);
    const add = async (name: string) => (await c.post('/api/learner/newKid', { name })).json().kid as Kid;

    const bought = await add('Bought Kid');
    await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: bought._id, sessionsBought: 1 });
    expect((await remove(c, bought._id)).json().message).toBe('Bought Kid has purchases, so the profile stays. Contact support to close it.');

    const demo = await add('Demo Kid');
    await c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: demo._id, sessionsBought: 1, isDemo: true });
    expect((await remove(c, demo._id)).json().message).toBe('Demo Kid has purchases, so the profile stays. Contact support to close it.');

    const chatty = await add('Chatty Kid');
    await t.ctx.db.insert(chatRooms).values({ learnerId: chatty._id, teacherId: tutorId });
    expect((await remove(c, chatty._id)).json().message).toBe('Chatty Kid has chats, so the profile stays. Contact support to close it.');
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Bought Kid', 'Demo Kid', 'Chatty Kid']);
  });

  it('names peer minutes a parent gave', async () => {
    const { c, kid, id: parentId } = await parentWithKid('remove-peer@example.com', 'Peer Kid');
    // Giving minutes through the kid-peer routes needs a plan and consent; the gift's row is what holds the profile.
    await t.ctx.db.insert(kidMinuteGifts).values({ parentId, kidId: kid._id, minutes: 10, requestKey: randomUUID() });
    expect((await remove(c, kid._id)).json().message).toBe('Peer Kid has peer practice, so the profile stays. Contact support to close it.');
  });

  it('turns the database’s refusal (history the check does not name) into the same clear text', async () => {
    const { c, kid } = await parentWithKid('remove-fk@example.com', 'Noted Kid');
    await t.ctx.db.insert(notifications).values({ userId: kid._id, kind: 'test', title: 'A note', body: 'For the kid' });
    const refused = await remove(c, kid._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Noted Kid has history on the profile, so the profile stays. Contact support to close it.');
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Noted Kid']);
  });
});

describe('a purchase racing the removal', () => {
  it('ends consistent: either the kid stays with its purchase paid, or it is gone and nothing was charged', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { c, kid, id: parentId } = await parentWithKid(`race-remove-${round}@example.com`, 'Racing Kid');
      await topUp(c, 100_000);
      const balance = await balanceOf(c);
      const buy = () => c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 });
      // Sent in either order, so each side gets to go first.
      const [bought, removed] = round % 2 ? await Promise.all([remove(c, kid._id), buy()]).then(([r, b]) => [b, r] as const) : await Promise.all([buy(), remove(c, kid._id)]);
      const purchases = await t.ctx.db.select().from(kidSessionPurchases).where(eq(kidSessionPurchases.kidId, kid._id));
      const [kidRow] = await t.ctx.db.select().from(users).where(eq(users.id, kid._id));
      if (bought.statusCode === 200) {
        expect(removed.statusCode).toBe(409);
        expect(removed.json().message).toContain('has purchases');
        expect(kidRow).toBeDefined();
        expect(purchases).toHaveLength(1);
        expect(await balanceOf(c)).toBe(balance - 29_900);
      } else {
        expect(bought.statusCode).toBe(404);
        expect(removed.statusCode).toBe(200);
        expect(kidRow).toBeUndefined();
        expect(purchases).toEqual([]);
        expect(await balanceOf(c)).toBe(balance);
      }
      const ledger = await ledgerConsistent(t, parentId);
      expect(ledger.ledgerSum).toBe(ledger.balance);
    }
  }, 60_000);

  // PGlite runs one transaction at a time, so only PostgreSQL can show one waiting for the other.
  it.runIf(process.env.DATABASE_URL)('a removal waits for a purchase in flight, then sees it and refuses', async () => {
    const { c, kid, id: parentId } = await parentWithKid('race-purchase-first@example.com', 'Waiting Kid');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    // A purchase mid-transaction: its row references the kid, not yet committed.
    const purchase = t.ctx.db.transaction(async (tx) => {
      await tx.insert(kidSessionPurchases).values({ parentId, kidId: kid._id, subject: 'English', sessionsBought: 1, amountMinor: 29_900, currency: 'INR' });
      inserted();
      await released;
    });
    await holding;
    const removal = remove(c, kid._id);
    try {
      await waitForLockWaiter(t.ctx.db, 'the removal');
    } finally {
      release();
      await purchase;
    }
    const res = await removal;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Waiting Kid has purchases, so the profile stays. Contact support to close it.');
    expect((await kidsOf(c)).map((k) => k.name)).toEqual(['Waiting Kid']);
  });

  it.runIf(process.env.DATABASE_URL)('a purchase that meets a removal in flight waits, then finds no kid and charges nothing', async () => {
    const { c, kid, id: parentId } = await parentWithKid('race-removal-first@example.com', 'Leaving Kid');
    await topUp(c, 100_000);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // A removal mid-transaction: the kid's row locked and deleted, not yet committed.
    const removal = t.ctx.db.transaction(async (tx) => {
      expect(await lockKid(tx, parentId, kid._id)).toBeDefined();
      await tx.delete(users).where(and(eq(users.id, kid._id), eq(users.role, 'kid')));
      locked();
      await released;
    });
    await holding;
    const purchase = c.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kid._id, sessionsBought: 1 });
    try {
      await waitForLockWaiter(t.ctx.db, 'the purchase');
    } finally {
      release();
      await removal;
    }
    const res = await purchase;
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(c)).toBe(100_000);
    expect(await t.ctx.db.select().from(kidSessionPurchases).where(eq(kidSessionPurchases.kidId, kid._id))).toEqual([]);
    const { balance, ledgerSum } = await ledgerConsistent(t, parentId);
    expect(ledgerSum).toBe(balance);
  });
});

describe('a removal PostgreSQL aborts to break a deadlock', () => {
  it('runs again and removes the kid, instead of failing', async () => {
    const { c, kid } = await parentWithKid('remove-deadlock@example.com', 'Deadlocked Kid');
    const victim = await deadlockFirstUserDelete(t.ctx.db, kid._id);
    try {
      const removed = await remove(c, kid._id);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe('Deadlocked Kid was removed');
      expect(await victim.tries()).toBe(2);
    } finally {
      await victim.remove();
    }
    expect(await kidsOf(c)).toEqual([]);
  });
});
