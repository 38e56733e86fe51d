import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kidPeerKidsResponse, kidPeerPracticeResponse, kidPeerTexts, type KidPeerKid } from '@parley/domain/kid-peer';
import { peerSlotSchema, peerSlotsResponse, peerSlotTexts } from '@parley/domain/peer-slots';
import { notifications, peerBalances, peerCalls, peerCallSides, peerMinuteEntries, peerProfiles, peerReports, peerSlots, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { waitForLockWaiter } from '../../test/lock-wait';

const MINUTE = 60_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let passwordHash: string;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  const [seeded] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'parent@parley.test'));
  passwordHash = seeded!.hash!;
});
afterAll(async () => t.close());

type Family = { parentId: string; client: TestClient; kidIds: string[] };

/** A parent with peer minutes and kids born `agesYears` ago (today's date minus whole years). */
async function family(agesYears: number[], parentMinutes = 100): Promise<Family> {
  made += 1;
  const email = `kid-peer-parent-${made}@example.com`;
  const [parent] = await t.ctx.db.insert(users).values({ role: 'learner', email, passwordHash, name: `Parent ${made}` }).returning({ id: users.id });
  await t.ctx.db.insert(peerBalances).values({ userId: parent!.id, availableMinutes: parentMinutes });
  const today = clock();
  const kidIds: string[] = [];
  for (const [i, age] of agesYears.entries()) {
    const dob = `${today.getUTCFullYear() - age}-01-01`;
    const [kid] = await t.ctx.db.insert(users).values({ role: 'kid', name: `Kid ${made}${String.fromCharCode(65 + i)}`, parentId: parent!.id, dob }).returning({ id: users.id });
    kidIds.push(kid!.id);
  }
  return { parentId: parent!.id, client: await t.signIn(email), kidIds };
}

const kidsOf = async (f: Family) => kidPeerKidsResponse.parse((await f.client.get('/api/kid-peer/kids')).json()).kids;
const kidIn = async (f: Family, kidId: string): Promise<KidPeerKid> => (await kidsOf(f)).find((k) => k.kidId === kidId)!;
const consent = (f: Family, kidId: string, on: boolean) => f.client.put(`/api/kid-peer/kids/${kidId}/consent`, { consent: on });
const level = (f: Family, kidId: string, lv: string) => f.client.put(`/api/kid-peer/kids/${kidId}/profile`, { level: lv, firstLanguage: 'Hindi' });
const give = (f: Family, kidId: string, minutes: number, requestKey: string = randomUUID()) => f.client.post(`/api/kid-peer/kids/${kidId}/minutes`, { minutes, requestKey });
const slotsOf = async (f: Family, kidId: string) => peerSlotsResponse.parse((await f.client.get(`/api/kid-peer/kids/${kidId}/slots`)).json());
const startIn = (hours: number) => new Date(Math.ceil((clock().getTime() + hours * 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);

/** A kid ready to practise: consent on, a level, and minutes from the parent. */
async function ready(f: Family, kidId: string, lv = 'A2') {
  expect((await consent(f, kidId, true)).statusCode).toBe(200);
  expect((await level(f, kidId, lv)).statusCode).toBe(200);
  expect((await give(f, kidId, 30)).statusCode).toBe(200);
}

async function kidSession(f: Family, kidId: string): Promise<TestClient> {
  expect((await f.client.post('/api/learner/findKidById', { learnerId: kidId })).statusCode).toBe(200);
  const kid = t.client();
  kid.cookies.set('parley_kid', f.client.cookies.get('parley_kid')!);
  return kid;
}

describe('kids peer practice: consent, level and minutes', () => {
  it('is off by default; the parent switches it on, sets a level and gives minutes from their own', async () => {
    const f = await family([10]);
    const kidId = f.kidIds[0]!;
    expect(await kidIn(f, kidId)).toMatchObject({ consent: false, age: 10, ageBand: '9–11', level: null, availableMinutes: 0, refusal: kidPeerTexts.noConsent });
    expect((await consent(f, kidId, true)).json()).toMatchObject({ consent: true, refusal: kidPeerTexts.noLevel });
    expect((await level(f, kidId, 'A2')).json()).toMatchObject({ level: 'A2', refusal: null });
    expect((await give(f, kidId, 101)).statusCode).toBe(409);
    expect((await give(f, kidId, 40)).json()).toMatchObject({ availableMinutes: 40 });
    const sumOf = async (userId: string) =>
      (await t.ctx.db.select({ sum: sql<number>`coalesce(sum(${peerMinuteEntries.delta}), 0)::int` }).from(peerMinuteEntries).where(eq(peerMinuteEntries.userId, userId)))[0]!.sum;
    expect([await sumOf(f.parentId), await sumOf(kidId)]).toEqual([-40, 40]);
    const [parentBalance] = await t.ctx.db.select().from(peerBalances).where(eq(peerBalances.userId, f.parentId));
    expect(parentBalance!.availableMinutes).toBe(60);
  });

  it('a parent in a peer call cannot give minutes away until it ends (the call is charged from what its end finds)', async () => {
    const f = await family([10]);
    const kidId = f.kidIds[0]!;
    const partner = await family([]);
    const now = clock();
    const [call] = await t.ctx.db.insert(peerCalls).values({ mode: 'audio', status: 'live', matchedAt: now, startedAt: now, endsAt: new Date(now.getTime() + 60 * MINUTE) }).returning();
    await t.ctx.db.insert(peerCallSides).values([
      { callId: call!.id, side: 'first', userId: f.parentId, joinedAt: now },
      { callId: call!.id, side: 'second', userId: partner.parentId, joinedAt: now },
    ]);
    const refused = await give(f, kidId, 40);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Finish your peer call before giving minutes away.');
    expect((await t.ctx.db.select().from(peerBalances).where(eq(peerBalances.userId, f.parentId)))[0]!.availableMinutes).toBe(100);
    await t.ctx.db.update(peerCallSides).set({ active: false }).where(eq(peerCallSides.callId, call!.id));
    expect((await give(f, kidId, 40)).statusCode).toBe(200);
  });

  it('a gift sent again under its request key, one after the other or at once, moves the minutes once', async () => {
    const f = await family([10], 200);
    const kidId = f.kidIds[0]!;
    const parentMinutes = async () => (await t.ctx.db.select().from(peerBalances).where(eq(peerBalances.userId, f.parentId)))[0]!.availableMinutes;
    const transfers = async () => (await t.ctx.db.select().from(peerMinuteEntries).where(eq(peerMinuteEntries.userId, kidId))).length;

    const key = randomUUID();
    const [first, again] = [await give(f, kidId, 60, key), await give(f, kidId, 60, key)];
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect([first.json().availableMinutes, again.json().availableMinutes]).toEqual([60, 60]);
    expect([await parentMinutes(), await transfers()]).toEqual([140, 1]);

    const racingKey = randomUUID();
    const twins = await Promise.all([give(f, kidId, 60, racingKey), give(f, kidId, 60, racingKey)]);
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twins.map((r) => r.json().availableMinutes)).toEqual([120, 120]);
    expect([await parentMinutes(), await transfers()]).toEqual([80, 2]);

    // The key is spent even when the parent could not afford the gift again: a repeat is not refused.
    expect((await give(f, kidId, 100, key)).statusCode).toBe(200);
    const another = await give(f, kidId, 60);
    expect(another.json().availableMinutes).toBe(180);
    expect([await parentMinutes(), await transfers()]).toEqual([20, 3]);

    for (const requestKey of [undefined, 'again', '']) {
      const notAKey = await f.client.post(`/api/kid-peer/kids/${kidId}/minutes`, { minutes: 5, requestKey });
      expect(notAKey.statusCode, String(requestKey)).toBe(400);
    }
  });

  it('another parent can never read or change my kid', async () => {
    const mine = await family([9]);
    const stranger = await family([9]);
    const kidId = mine.kidIds[0]!;
    expect((await stranger.client.get(`/api/kid-peer/kids/${kidId}/slots`)).statusCode).toBe(404);
    expect((await consent(stranger, kidId, true)).statusCode).toBe(404);
    expect((await give(stranger, kidId, 5)).statusCode).toBe(404);
    expect((await kidsOf(stranger)).map((k) => k.kidId)).not.toContain(kidId);
    expect((await kidIn(mine, kidId)).consent).toBe(false);
  });

  it('a kid without a birth date cannot practise, and is told why', async () => {
    const f = await family([]);
    const [kid] = await t.ctx.db.insert(users).values({ role: 'kid', name: 'No Birthday', parentId: f.parentId }).returning({ id: users.id });
    expect((await consent(f, kid!.id, true)).json().refusal).toBe(kidPeerTexts.noBirthDate);
    // The parent adds it on the kid's profile, and the next step is the level.
    const edited = await f.client.post(`/api/learner/kids/${kid!.id}/edit`, { name: 'No Birthday', dob: `${clock().getUTCFullYear() - 9}-01-01` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await kidIn(f, kid!.id)).toMatchObject({ age: 9, ageBand: '9–11', refusal: kidPeerTexts.noLevel });
  });
});

describe('kids practise only with kids of their age band, in times their parents arranged', () => {
  it('a parent publishes for one kid, a parent of a kid of the same band books; older kids and adults never see or book it', async () => {
    const host = await family([10]);
    const guest = await family([11]);
    const older = await family([13]);
    await ready(host, host.kidIds[0]!, 'A2');
    await ready(guest, guest.kidIds[0]!, 'A1');
    await ready(older, older.kidIds[0]!, 'A2');
    const published = await host.client.post(`/api/kid-peer/kids/${host.kidIds[0]}/slots`, { startAt: startIn(26).toISOString(), lengthMin: 15 });
    expect(published.statusCode, published.body).toBe(200);
    const slot = peerSlotSchema.parse(published.json());
    expect(slot.mode).toBe('audio');

    expect((await slotsOf(guest, guest.kidIds[0]!)).open.map((s) => s._id)).toContain(slot._id);
    expect((await slotsOf(older, older.kidIds[0]!)).open.map((s) => s._id)).not.toContain(slot._id);
    expect((await older.client.post(`/api/kid-peer/kids/${older.kidIds[0]}/slots/${slot._id}/book`, {})).statusCode).toBe(404);

    // An adult (the host's own parent, as a learner with a profile) neither sees nor books a kid's time.
    await t.ctx.db.insert(peerProfiles).values({ userId: guest.parentId, level: 'A2', firstLanguage: 'Hindi' });
    expect(peerSlotsResponse.parse((await guest.client.get('/api/peer/slots')).json()).open.map((s) => s._id)).not.toContain(slot._id);
    expect((await guest.client.post(`/api/peer/slots/${slot._id}/book`, {})).statusCode).toBe(404);

    const booked = await guest.client.post(`/api/kid-peer/kids/${guest.kidIds[0]}/slots/${slot._id}/book`, {});
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await slotsOf(host, host.kidIds[0]!)).mine[0]).toMatchObject({ _id: slot._id, status: 'booked', partner: { level: 'A1' } });
    // The host kid and their parent both hear of the booking; the parent is told which kid's time it is.
    const bookedNotices = (userId: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'peer_slot_booked')));
    const [kidNotice] = await bookedNotices(host.kidIds[0]!);
    const [parentNotice] = await bookedNotices(host.parentId);
    const [hostKid] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, host.kidIds[0]!));
    expect(kidNotice!.title).toBe('Your practice time is booked');
    expect(parentNotice).toMatchObject({ title: `For ${hostKid!.name}: Your practice time is booked`, body: kidNotice!.body });
  });

  it('without consent nothing is published or booked, and switching it off withdraws the kid’s upcoming times', async () => {
    const host = await family([8]);
    const guest = await family([7]);
    const kidId = host.kidIds[0]!;
    expect((await host.client.post(`/api/kid-peer/kids/${kidId}/slots`, { startAt: startIn(30).toISOString(), lengthMin: 15 })).json().message).toBe(kidPeerTexts.noConsent);
    await ready(host, kidId);
    await ready(guest, guest.kidIds[0]!);
    const slot = peerSlotSchema.parse((await host.client.post(`/api/kid-peer/kids/${kidId}/slots`, { startAt: startIn(30).toISOString(), lengthMin: 15 })).json());
    expect((await guest.client.post(`/api/kid-peer/kids/${guest.kidIds[0]}/slots/${slot._id}/book`, {})).statusCode).toBe(200);
    expect((await consent(host, kidId, false)).json()).toMatchObject({ consent: false, refusal: kidPeerTexts.noConsent });
    expect((await slotsOf(host, kidId)).mine).toHaveLength(0);
    expect((await slotsOf(guest, guest.kidIds[0]!)).mine).toHaveLength(0);
  });

  it('a new birth date in another age band withdraws the kid’s upcoming times; one in the same band keeps them', async () => {
    const host = await family([10]);
    const guest = await family([10]);
    const kidId = host.kidIds[0]!;
    await ready(host, kidId);
    await ready(guest, guest.kidIds[0]!);
    const publish = async (hours: number) => peerSlotSchema.parse((await host.client.post(`/api/kid-peer/kids/${kidId}/slots`, { startAt: startIn(hours).toISOString(), lengthMin: 15 })).json());
    const booked = await publish(40);
    const open = await publish(44);
    expect((await guest.client.post(`/api/kid-peer/kids/${guest.kidIds[0]}/slots/${booked._id}/book`, {})).statusCode).toBe(200);
    const [{ name }] = (await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, kidId))) as [{ name: string }];
    const edit = (yearsAgo: number) => host.client.post(`/api/learner/kids/${kidId}/edit`, { name, dob: `${clock().getUTCFullYear() - yearsAgo}-01-01` });

    // 11 is still the 9–11 band: the times stay.
    expect((await edit(11)).json().message).toBe(`${name}’s profile is saved.`);
    expect((await slotsOf(host, kidId)).mine.map((s) => s._id).sort()).toEqual([booked._id, open._id].sort());

    // 12 is the next band: both times go, and the guest's kid (and parent) hear the booked one cannot take place.
    expect((await edit(12)).json().message).toBe(`${name}’s profile is saved. Their upcoming practice times were cancelled: kids practise only with kids of a similar age.`);
    expect((await slotsOf(host, kidId)).mine).toHaveLength(0);
    expect((await slotsOf(guest, guest.kidIds[0]!)).mine).toHaveLength(0);
    for (const userId of [guest.kidIds[0]!, guest.parentId]) {
      const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'peer_slot_cancelled')));
      expect(told.map((n) => n.body)).toEqual([peerSlotTexts.cannotTakePlace]);
    }
    expect(await kidIn(host, kidId)).toMatchObject({ age: 12, ageBand: '12–14', refusal: null });
  });

  /** Runs `work` in a transaction that stays open until the returned release is called. */
  async function heldTransaction(work: Parameters<typeof t.ctx.db.transaction>[0]) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const done = t.ctx.db.transaction(async (tx) => {
      await work(tx);
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }

  it.runIf(process.env.DATABASE_URL)('a booking that meets a birth-date edit in flight waits for it, then compares the new ages', async () => {
    const host = await family([10]);
    const guest = await family([10]);
    const guestKid = guest.kidIds[0]!;
    await ready(host, host.kidIds[0]!);
    await ready(guest, guestKid);
    const slot = peerSlotSchema.parse((await host.client.post(`/api/kid-peer/kids/${host.kidIds[0]}/slots`, { startAt: startIn(50).toISOString(), lengthMin: 15 })).json());
    // The guest's parent mid-edit: the kid now 13, not yet committed.
    const commitEdit = await heldTransaction(async (tx) => {
      await tx.update(users).set({ dob: `${clock().getUTCFullYear() - 13}-01-01` }).where(eq(users.id, guestKid));
    });
    const booking = guest.client.post(`/api/kid-peer/kids/${guestKid}/slots/${slot._id}/book`, {});
    try {
      await waitForLockWaiter(t.ctx.db, 'the booking');
    } finally {
      await commitEdit();
    }
    expect((await booking).json().message).toBe(peerSlotTexts.notOpen);
    expect((await slotsOf(host, host.kidIds[0]!)).mine[0]).toMatchObject({ _id: slot._id, status: 'open' });
  });

  it.runIf(process.env.DATABASE_URL)('a birth-date edit that meets a booking in flight waits for it, then frees the booked time', async () => {
    const host = await family([10]);
    const guest = await family([10]);
    const [hostKid, guestKid] = [host.kidIds[0]!, guest.kidIds[0]!];
    await ready(host, hostKid);
    await ready(guest, guestKid);
    const slot = peerSlotSchema.parse((await host.client.post(`/api/kid-peer/kids/${hostKid}/slots`, { startAt: startIn(54).toISOString(), lengthMin: 15 })).json());
    // A booking mid-flight, holding both kids' rows as a booking does, the time taken, not yet committed.
    const commitBooking = await heldTransaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(inArray(users.id, [hostKid, guestKid])).for('share');
      await tx.update(peerSlots).set({ guestId: guestKid, status: 'booked', bookedAt: clock() }).where(eq(peerSlots.id, slot._id));
    });
    const [{ name }] = (await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, hostKid))) as [{ name: string }];
    const editing = host.client.post(`/api/learner/kids/${hostKid}/edit`, { name, dob: `${clock().getUTCFullYear() - 13}-01-01` });
    try {
      await waitForLockWaiter(t.ctx.db, 'the edit');
    } finally {
      await commitBooking();
    }
    expect((await editing).json().message).toContain('Their upcoming practice times were cancelled');
    expect((await slotsOf(guest, guestKid)).mine).toHaveLength(0);
  });

  it('at the time each kid joins from their own session; the report button ends the call and reaches the moderators', async () => {
    const host = await family([12]);
    const guest = await family([14]);
    await ready(host, host.kidIds[0]!, 'B1');
    await ready(guest, guest.kidIds[0]!, 'B1');
    const slot = peerSlotSchema.parse((await host.client.post(`/api/kid-peer/kids/${host.kidIds[0]}/slots`, { startAt: startIn(2).toISOString(), lengthMin: 15 })).json());
    expect((await guest.client.post(`/api/kid-peer/kids/${guest.kidIds[0]}/slots/${slot._id}/book`, {})).statusCode).toBe(200);
    const hostKid = await kidSession(host, host.kidIds[0]!);
    const guestKid = await kidSession(guest, guest.kidIds[0]!);
    expect(peerSlotsResponse.parse((await hostKid.get('/api/kid-peer/slots')).json()).mine.map((s) => s._id)).toEqual([slot._id]);
    // A parent's own session is not the kid's: only the kid joins.
    const parentOnly = await t.signIn(`kid-peer-parent-${made - 1}@example.com`);
    expect((await parentOnly.post(`/api/kid-peer/slots/${slot._id}/join`, {})).statusCode).toBe(401);
    const saved = offsetMs;
    try {
      offsetMs += Date.parse(slot.startAt) - clock().getTime();
      const joined = await hostKid.post(`/api/kid-peer/slots/${slot._id}/join`, {});
      expect(joined.statusCode, joined.body).toBe(200);
      const callId = joined.json().callId as string;
      expect((await guestKid.post(`/api/kid-peer/slots/${slot._id}/join`, {})).json().callId).toBe(callId);
      expect((await guestKid.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ mode: 'audio', partner: { level: 'B1' } });
      const report = await guestKid.post(`/api/peer/calls/${callId}/report`, { reason: 'Said unkind things.' });
      expect(report.statusCode, report.body).toBe(200);
      const [call] = await t.ctx.db.select().from(peerCalls).where(eq(peerCalls.id, callId));
      expect(call).toMatchObject({ status: 'ended', endReason: 'reported' });
      // Only the reporting kid is told a report ended it; the reported kid (and their parent) see a hang-up.
      expect((await guestKid.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ endReason: 'reported', reported: true });
      expect((await hostKid.get(`/api/peer/calls/${callId}`)).json()).toMatchObject({ endReason: 'hangup', reported: false });
      const hostPast = (await host.client.get(`/api/kid-peer/kids/${host.kidIds[0]}/calls`)).json();
      expect(hostPast.items[0]).toMatchObject({ callId, endReason: 'hangup', reported: false });
      // One report per call and reporter.
      expect((await guestKid.post(`/api/peer/calls/${callId}/report`, { reason: 'Said unkind things again.' })).statusCode).toBe(409);
      const [stored] = await t.ctx.db.select().from(peerReports).where(eq(peerReports.callId, callId));
      expect(stored).toMatchObject({ reporterId: guest.kidIds[0], reportedId: host.kidIds[0] });
      const moderator = await t.signIn('moderator@parley.test', 'moderator');
      const listed = (await moderator.get('/api/moderator/peer-reports')).json().items as { callId: string }[];
      expect(listed.map((r) => r.callId)).toContain(callId);
    } finally {
      offsetMs = saved;
    }
  });
});

describe('the kids area: the kid’s own peer practice', () => {
  const practiceOf = async (kid: TestClient) => {
    const answer = await kid.get('/api/kid-peer/practice');
    expect(answer.statusCode, answer.body).toBe(200);
    return kidPeerPracticeResponse.parse(answer.json());
  };

  it('tells the kid whether their parent switched peer practice on, and their next practice time', async () => {
    const f = await family([10]);
    const kidId = f.kidIds[0]!;
    const kid = await kidSession(f, kidId);
    expect(await practiceOf(kid)).toEqual({ consent: false, next: null });

    await ready(f, kidId);
    expect(await practiceOf(kid)).toEqual({ consent: true, next: null });

    // Published first, but later: the next time is the soonest, not the newest.
    expect((await f.client.post(`/api/kid-peer/kids/${kidId}/slots`, { startAt: startIn(50).toISOString(), lengthMin: 15 })).statusCode).toBe(200);
    const sooner = peerSlotSchema.parse((await f.client.post(`/api/kid-peer/kids/${kidId}/slots`, { startAt: startIn(26).toISOString(), lengthMin: 30 })).json());
    expect((await practiceOf(kid)).next).toMatchObject({ _id: sooner._id, startAt: sooner.startAt, lengthMin: 30 });

    // Switched off: the times are withdrawn and the kids area no longer offers practice.
    expect((await consent(f, kidId, false)).statusCode).toBe(200);
    expect(await practiceOf(kid)).toEqual({ consent: false, next: null });
  });

  it('is the kid’s own: a parent’s session or no session is refused', async () => {
    const f = await family([9]);
    expect((await f.client.get('/api/kid-peer/practice')).statusCode).toBe(401);
    expect((await t.client().get('/api/kid-peer/practice')).statusCode).toBe(401);
  });
});
