import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerTexts } from '@parley/domain/peer';
import { formatSessionTime } from '@parley/domain/live-sessions';
import { peerSlotSchema, peerSlotsResponse, peerSlotTexts } from '@parley/domain/peer-slots';
import { mailOutbox, notifications, peerBalances, peerCalls, peerCallSides, peerProfiles, peerSlotHolds, peerSlots, peerReports, users } from '../../db/schema';
import { deadlockFirstInsert } from '../../test/deadlock-victim';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { emitAck, liveSockets, type LiveSocket } from '../../test/live-socket';
import { sendSlotReminder } from './peer-slots.service';
import { checkCall } from './peer.service';

type Peer = { id: string; email: string; client: TestClient };

const MINUTE = 60_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
let baseUrl: string;
let passwordHash: string;
const sockets = liveSockets(() => t, () => baseUrl, { reconnection: false });
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  baseUrl = await t.listen();
  const [seeded] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'peer@parley.test'));
  passwordHash = seeded!.hash!;
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

async function newPeer(options: { minutes?: number; level?: 'A1' | 'B1' | 'B2' | 'C2'; profile?: boolean } = {}): Promise<Peer> {
  made += 1;
  const email = `slot-test-${made}@example.com`;
  const [user] = await t.ctx.db.insert(users).values({ role: 'peer', email, passwordHash, name: `Slot Person ${made}`, isPeerActive: true }).returning({ id: users.id });
  const id = user!.id;
  if (options.profile !== false) await t.ctx.db.insert(peerProfiles).values({ userId: id, level: options.level ?? 'B1', firstLanguage: 'Hindi' });
  await t.ctx.db.insert(peerBalances).values({ userId: id, availableMinutes: options.minutes ?? 60 });
  return { id, email, client: await t.signIn(email, 'peer') };
}

/** A quarter-hour start `hours` from the test clock's now. */
const startIn = (hours: number) => new Date(Math.ceil((clock().getTime() + hours * 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
const publish = (p: Peer, startAt: Date, lengthMin = 30, mode: 'video' | 'audio' = 'audio') => p.client.post('/api/peer/slots', { startAt: startAt.toISOString(), lengthMin, mode });
const book = (p: Peer, slotId: string) => p.client.post(`/api/peer/slots/${slotId}/book`, {});
const slotsOf = async (p: Peer) => peerSlotsResponse.parse((await p.client.get('/api/peer/slots')).json());
const holdsOf = async (slotId: string) => t.ctx.db.select().from(peerSlotHolds).where(eq(peerSlotHolds.slotId, slotId));

async function publishedSlot(host: Peer, startAt: Date, lengthMin = 30) {
  const res = await publish(host, startAt, lengthMin);
  expect(res.statusCode, res.body).toBe(200);
  return peerSlotSchema.parse(res.json());
}

describe('publishing and booking a practice time', () => {
  it('a peer publishes a time; a peer near their level books it; both see it, with each other', async () => {
    const host = await newPeer({ level: 'B1' });
    const guest = await newPeer({ level: 'B2' });
    const far = await newPeer({ level: 'A1' });
    await t.ctx.db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, host.id));
    const startAt = startIn(26);
    const slot = await publishedSlot(host, startAt);
    expect(slot).toMatchObject({ role: 'host', status: 'open', partner: null, lengthMin: 30, mode: 'audio' });

    expect((await slotsOf(guest)).open.map((s) => s._id)).toContain(slot._id);
    // Two levels apart: not offered, and not bookable by id either.
    expect((await slotsOf(far)).open.map((s) => s._id)).not.toContain(slot._id);
    expect((await book(far, slot._id)).statusCode).toBe(404);

    const booked = await book(guest, slot._id);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ role: 'guest', status: 'booked', partner: { name: 'Slot Person ' + (made - 2) } });
    const hostView = (await slotsOf(host)).mine.find((s) => s._id === slot._id);
    expect(hostView).toMatchObject({ role: 'host', status: 'booked', partner: { level: 'B2' } });
    expect((await slotsOf(guest)).mine.find((s) => s._id === slot._id)).toMatchObject({ role: 'guest', status: 'booked' });
    expect((await slotsOf(guest)).open.map((s) => s._id)).not.toContain(slot._id);
    expect((await holdsOf(slot._id)).map((h) => h.userId).sort()).toEqual([host.id, guest.id].sort());
    const notices = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, host.id), eq(notifications.kind, 'peer_slot_booked')));
    // The host may have several times with the same partner: the notice says which, in the host's zone.
    expect(notices.map((n) => n.body)).toEqual([`Slot Person ${made - 1} booked your practice time on ${formatSessionTime(startAt, 'America/New_York')}.`]);
  });

  it('refuses times off the quarter hour, too soon, and your own slot; a peer without minutes cannot book', async () => {
    const host = await newPeer();
    const poor = await newPeer({ minutes: 4 });
    expect((await publish(host, new Date(startIn(3).getTime() + 5 * MINUTE))).json().message).toBe(peerSlotTexts.offGrid);
    expect((await publish(host, startIn(0.5))).json().message).toBe(peerSlotTexts.tooSoon);
    const slot = await publishedSlot(host, startIn(30));
    expect((await book(host, slot._id)).json().message).toBe(peerSlotTexts.ownSlot);
    const res = await book(poor, slot._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(peerSlotTexts.notEnoughMinutes);
  });

  it('a host with fewer than 5 minutes cannot publish a time', async () => {
    const poor = await newPeer({ minutes: 4 });
    const res = await publish(poor, startIn(30));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(peerSlotTexts.notEnoughMinutes);
    expect(await t.ctx.db.select().from(peerSlots).where(eq(peerSlots.hostId, poor.id))).toHaveLength(0);
  });

  it('never books a peer the host reported, or who reported the host', async () => {
    const host = await newPeer();
    const guest = await newPeer();
    const [call] = await t.ctx.db.insert(peerCalls).values({ mode: 'audio', status: 'ended', matchedAt: clock(), endedAt: clock(), endReason: 'reported', durationMs: 0 }).returning({ id: peerCalls.id });
    await t.ctx.db.insert(peerCallSides).values([
      { callId: call!.id, side: 'first', userId: host.id, active: false },
      { callId: call!.id, side: 'second', userId: guest.id, active: false },
    ]);
    await t.ctx.db.insert(peerReports).values({ callId: call!.id, reporterId: guest.id, reportedId: host.id, reason: 'Was rude to me.' });
    const slot = await publishedSlot(host, startIn(40));
    expect((await slotsOf(guest)).open.map((s) => s._id)).not.toContain(slot._id);
    expect((await book(guest, slot._id)).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('the first demo peer has booked a time of the second, who has one more open', async () => {
    const first = await t.signIn('peer@parley.test', 'peer');
    const list = peerSlotsResponse.parse((await first.get('/api/peer/slots')).json());
    expect(list.mine).toEqual([expect.objectContaining({ role: 'guest', status: 'booked', lengthMin: 30, partner: expect.objectContaining({ name: 'Meera Pillai', level: 'B2' }) })]);
    expect(list.open.filter((s) => s.host.name === 'Meera Pillai')).toHaveLength(1);
  });
});

describe('one booker, never two practice times at once (enforced by the database)', () => {
  it('eight peers book one slot at the same moment: exactly one gets it', async () => {
    const host = await newPeer();
    const slot = await publishedSlot(host, startIn(50));
    const guests = await Promise.all(Array.from({ length: 8 }, () => newPeer()));
    const answers = await Promise.all(guests.map((g) => book(g, slot._id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const [row] = await t.ctx.db.select().from(peerSlots).where(eq(peerSlots.id, slot._id));
    const winner = guests[answers.findIndex((r) => r.statusCode === 200)]!;
    expect(row).toMatchObject({ status: 'booked', guestId: winner.id });
    expect(await holdsOf(slot._id)).toHaveLength(2);
  });

  it('one peer books two overlapping slots of two hosts at once: the database lets one through', async () => {
    const [hostA, hostB, guest] = await Promise.all([newPeer(), newPeer(), newPeer()]);
    const start = startIn(60);
    const a = await publishedSlot(hostA, start, 30);
    const b = await publishedSlot(hostB, new Date(start.getTime() + 15 * MINUTE), 30);
    const answers = await Promise.all([book(guest, a._id), book(guest, b._id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(peerSlotTexts.overlaps);
    expect((await slotsOf(guest)).mine).toHaveLength(1);
  });

  it('a host publishing overlapping times at once gets one; a booked time blocks the guest publishing over it', async () => {
    const [host, guest] = await Promise.all([newPeer(), newPeer()]);
    const start = startIn(70);
    const answers = await Promise.all([publish(host, start, 45), publish(host, new Date(start.getTime() + 15 * MINUTE), 30), publish(host, start, 30)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const slot = peerSlotSchema.parse(answers.find((r) => r.statusCode === 200)!.json());
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    const over = await publish(guest, new Date(Date.parse(slot.startAt)), 15);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(peerSlotTexts.overlaps);
    // Back-to-back is fine.
    expect((await publish(guest, new Date(Date.parse(slot.endAt)), 15)).statusCode).toBe(200);
  });

  it('a publish and a booking that PostgreSQL aborts to break a deadlock run again, and land once', async () => {
    const host = await newPeer();
    const guest = await newPeer();
    const hostVictim = await deadlockFirstInsert(t.ctx.db, 'peer_slot_holds.user_id', host.id);
    const guestVictim = await deadlockFirstInsert(t.ctx.db, 'peer_slot_holds.user_id', guest.id);
    try {
      const slot = await publishedSlot(host, startIn(40));
      expect((await book(guest, slot._id)).statusCode).toBe(200);
      expect([await hostVictim.tries(), await guestVictim.tries()]).toEqual([2, 2]);
      expect((await holdsOf(slot._id)).map((h) => h.userId).sort()).toEqual([host.id, guest.id].sort());
      expect(await t.ctx.db.select().from(peerSlots).where(eq(peerSlots.hostId, host.id))).toHaveLength(1);
    } finally {
      await hostVictim.remove();
      await guestVictim.remove();
    }
  });
});

describe('cancelling', () => {
  it('the guest gives a time back (open again); the host withdraws it (both times free)', async () => {
    const [host, guest, other] = await Promise.all([newPeer(), newPeer(), newPeer()]);
    const startAt = startIn(80);
    const slot = await publishedSlot(host, startAt);
    const when = formatSessionTime(startAt, (await t.ctx.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, host.id)))[0]!.timezone);
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    expect((await other.client.post(`/api/peer/slots/${slot._id}/cancel`, {})).statusCode).toBe(404);
    expect((await guest.client.post(`/api/peer/slots/${slot._id}/cancel`, {})).statusCode).toBe(200);
    expect((await slotsOf(guest)).mine).toHaveLength(0);
    expect((await slotsOf(host)).mine.find((s) => s._id === slot._id)).toMatchObject({ status: 'open', partner: null });
    expect((await book(other, slot._id)).statusCode).toBe(200);
    expect((await host.client.post(`/api/peer/slots/${slot._id}/cancel`, {})).statusCode).toBe(200);
    expect(await holdsOf(slot._id)).toHaveLength(0);
    expect((await slotsOf(other)).mine).toHaveLength(0);
    const cancelledNotices = (p: Peer) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, p.id), eq(notifications.kind, 'peer_slot_cancelled')));
    expect((await cancelledNotices(host)).map((n) => n.body)).toEqual([`Your practice time on ${when} is open again for others to book.`]);
    expect((await cancelledNotices(other)).map((n) => n.body)).toEqual([`Your partner cancelled the practice time on ${when} that you booked.`]);
  });
});

describe('a suspension or a report frees the times the two cannot keep', () => {
  /** An ended call between the two with `reporter`'s report of the other (the test's stand-in for a real call). */
  async function reportedCall(reporter: Peer, reported: Peer) {
    const [call] = await t.ctx.db.insert(peerCalls).values({ mode: 'audio', status: 'ended', matchedAt: clock(), endedAt: clock(), endReason: 'hangup', durationMs: 0 }).returning({ id: peerCalls.id });
    await t.ctx.db.insert(peerCallSides).values([
      { callId: call!.id, side: 'first', userId: reporter.id, active: false },
      { callId: call!.id, side: 'second', userId: reported.id, active: false },
    ]);
    return call!.id;
  }
  const noticesOf = (p: Peer) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, p.id), eq(notifications.kind, 'peer_slot_cancelled')));
  const slotRow = async (slotId: string) => (await t.ctx.db.select().from(peerSlots).where(eq(peerSlots.id, slotId)))[0]!;

  it('a suspended peer’s hosted times are withdrawn and booked ones given back; the others are told', async () => {
    const [suspended, guest, host, reporter] = await Promise.all([newPeer(), newPeer(), newPeer(), newPeer()]);
    const hosted = await publishedSlot(suspended, startIn(30));
    expect((await book(guest, hosted._id)).statusCode).toBe(200);
    const theirs = await publishedSlot(host, startIn(50));
    expect((await book(suspended, theirs._id)).statusCode).toBe(200);
    const callId = await reportedCall(reporter, suspended);
    expect((await reporter.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Abusive language in the call' })).statusCode).toBe(200);
    const [report] = await t.ctx.db.select().from(peerReports).where(eq(peerReports.callId, callId));

    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    expect((await moderator.post(`/api/moderator/peer-reports/${report!.id}/suspend`, { reason: 'Abusive language in a call' })).statusCode).toBe(200);

    expect(await slotRow(hosted._id)).toMatchObject({ status: 'cancelled', guestId: null });
    expect(await holdsOf(hosted._id)).toHaveLength(0);
    expect(await slotRow(theirs._id)).toMatchObject({ status: 'open', guestId: null });
    expect((await holdsOf(theirs._id)).map((h) => h.userId)).toEqual([host.id]);
    expect((await noticesOf(guest)).map((n) => n.body)).toEqual([peerSlotTexts.cannotTakePlace]);
    expect((await noticesOf(host)).map((n) => n.title)).toEqual(['A booking was cancelled']);
    expect(await noticesOf(suspended)).toEqual([]);
  });

  it('a report frees only the times the two booked with each other, and tells both', async () => {
    const [reporter, reported, other] = await Promise.all([newPeer(), newPeer(), newPeer()]);
    const shared = await publishedSlot(reported, startIn(30));
    expect((await book(reporter, shared._id)).statusCode).toBe(200);
    const kept = await publishedSlot(reported, startIn(60));
    expect((await book(other, kept._id)).statusCode).toBe(200);
    const callId = await reportedCall(reporter, reported);
    expect((await reporter.client.post(`/api/peer/calls/${callId}/report`, { reason: 'Was rude to me in the call' })).statusCode).toBe(200);

    expect(await slotRow(shared._id)).toMatchObject({ status: 'open', guestId: null });
    expect(await slotRow(kept._id)).toMatchObject({ status: 'booked', guestId: other.id });
    expect((await noticesOf(reporter)).map((n) => n.body)).toEqual([peerSlotTexts.cannotTakePlace]);
    expect((await noticesOf(reported)).map((n) => n.title)).toEqual(['A booking was cancelled']);
    // The reported host's time, open again, is not offered to the reporter.
    expect((await slotsOf(reporter)).open.map((s) => s._id)).not.toContain(shared._id);
  });

  it('a time still booked between a suspended or reported pair cannot be joined, before or after its call was made', async () => {
    const [host, guest] = await Promise.all([newPeer({ minutes: 100 }), newPeer({ minutes: 100 })]);
    const first = await publishedSlot(host, startIn(2), 15);
    expect((await book(guest, first._id)).statusCode).toBe(200);
    const saved = offsetMs;
    try {
      offsetMs += Date.parse(first.startAt) - clock().getTime();
      // Suspended without the moderator's route (a time booked before these rules): still refused.
      await t.ctx.db.update(peerProfiles).set({ suspendedAt: clock() }).where(eq(peerProfiles.userId, host.id));
      for (const p of [host, guest]) {
        const refused = await p.client.post(`/api/peer/slots/${first._id}/join`, {});
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(peerSlotTexts.cannotTakePlace);
      }
      expect((await slotRow(first._id)).callId).toBeNull();
      await t.ctx.db.update(peerProfiles).set({ suspendedAt: null }).where(eq(peerProfiles.userId, host.id));
      const callId = (await guest.client.post(`/api/peer/slots/${first._id}/join`, {})).json().callId as string;
      expect(callId).toBeTruthy();
      await t.ctx.db.insert(peerReports).values({ callId: await reportedCall(guest, host), reporterId: guest.id, reportedId: host.id, reason: 'Was rude to me.' });
      expect((await host.client.post(`/api/peer/slots/${first._id}/join`, {})).json().message).toBe(peerSlotTexts.cannotTakePlace);
    } finally {
      offsetMs = saved;
    }
  });
});

describe('reminders', () => {
  it('host and guest each get the 15-minute reminder once, in the app and by e-mail', async () => {
    const [host, guest] = await Promise.all([newPeer(), newPeer()]);
    const slot = await publishedSlot(host, startIn(3));
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    const saved = offsetMs;
    offsetMs += Date.parse(slot.startAt) - 15 * MINUTE - clock().getTime();
    try {
      await sendSlotReminder(t.ctx, { slotId: slot._id, offsetMin: 15 });
      await sendSlotReminder(t.ctx, { slotId: slot._id, offsetMin: 15 });
    } finally {
      offsetMs = saved;
    }
    for (const p of [host, guest]) {
      const notices = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, p.id), eq(notifications.kind, 'peer_slot_reminder')));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.title).toMatch(/starts in 15 minutes/);
      const mail = await t.ctx.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.email), like(mailOutbox.topic, `peer-slot-reminder:${slot._id}:%`)));
      expect(mail).toHaveLength(1);
    }
  });
});

describe('at the time: one call for the slot', () => {
  const socketOf = (client: TestClient) => sockets.open(client, 'peer');
  const join = (socket: LiveSocket, callId: string) => emitAck(socket, 'peer:join', { callId });

  it('Join opens 5 minutes before; both get the same call; started early, it runs the slot’s 15 minutes and is charged for them', async () => {
    const [host, guest] = await Promise.all([newPeer({ minutes: 100 }), newPeer({ minutes: 100 })]);
    const slot = await publishedSlot(host, startIn(2), 15);
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    const saved = offsetMs;
    try {
      offsetMs += Date.parse(slot.startAt) - 6 * MINUTE - clock().getTime();
      expect((await host.client.post(`/api/peer/slots/${slot._id}/join`, {})).json().message).toBe(peerSlotTexts.tooEarly);
      offsetMs += 2 * MINUTE;
      const first = await host.client.post(`/api/peer/slots/${slot._id}/join`, {});
      expect(first.statusCode, first.body).toBe(200);
      const callId = first.json().callId as string;
      expect((await guest.client.post(`/api/peer/slots/${slot._id}/join`, {})).json().callId).toBe(callId);
      expect((await slotsOf(guest)).mine.find((s) => s._id === slot._id)?.callId).toBe(callId);
      // A call already made cannot be cancelled.
      expect((await guest.client.post(`/api/peer/slots/${slot._id}/cancel`, {})).statusCode).toBe(409);

      const [a, b] = await Promise.all([socketOf(host.client), socketOf(guest.client)]);
      expect((await join(a, callId)).ok).toBe(true);
      expect((await join(b, callId)).ok).toBe(true);
      const [live] = await t.ctx.db.select().from(peerCalls).where(eq(peerCalls.id, callId));
      expect(live!.status).toBe('live');
      // Both joined 4 minutes early: 15 minutes from then, before the slot's own end.
      const endsAt = live!.startedAt!.getTime() + 15 * MINUTE;
      expect(live!.endsAt!.getTime()).toBe(endsAt);
      expect(endsAt).toBeLessThan(Date.parse(slot.endAt));

      offsetMs += endsAt - clock().getTime() + 1_000;
      expect(await checkCall(t.ctx, callId)).toBe('slot-end');
      const sides = await t.ctx.db.select().from(peerCallSides).where(eq(peerCallSides.callId, callId));
      for (const side of sides) expect(side.chargedMinutes).toBe(15);
    } finally {
      offsetMs = saved;
    }
  });

  it('the call needs 5 minutes on both sides: a partner who spent theirs since booking is named, and no call is made', async () => {
    const [host, guest] = await Promise.all([newPeer({ minutes: 100 }), newPeer({ minutes: 100 })]);
    const slot = await publishedSlot(host, startIn(2), 15);
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    await t.ctx.db.update(peerBalances).set({ availableMinutes: 4 }).where(eq(peerBalances.userId, host.id));
    const saved = offsetMs;
    try {
      offsetMs += Date.parse(slot.startAt) - clock().getTime();
      const refused = await guest.client.post(`/api/peer/slots/${slot._id}/join`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(peerSlotTexts.partnerOutOfMinutes);
      expect((await host.client.post(`/api/peer/slots/${slot._id}/join`, {})).json().message).toBe(peerTexts.notEnoughMinutes);
      const [row] = await t.ctx.db.select().from(peerSlots).where(eq(peerSlots.id, slot._id));
      expect(row!.callId).toBeNull();
    } finally {
      offsetMs = saved;
    }
  });

  it('a side that has not joined 10 minutes after the start is a no-show, costing nothing', async () => {
    const [host, guest] = await Promise.all([newPeer(), newPeer()]);
    const slot = await publishedSlot(host, startIn(2.5), 30);
    expect((await book(guest, slot._id)).statusCode).toBe(200);
    const saved = offsetMs;
    try {
      offsetMs += Date.parse(slot.startAt) - clock().getTime();
      const callId = (await guest.client.post(`/api/peer/slots/${slot._id}/join`, {})).json().callId as string;
      offsetMs += 9 * MINUTE;
      expect(await checkCall(t.ctx, callId)).toBeNull();
      offsetMs += MINUTE;
      expect(await checkCall(t.ctx, callId)).toBe('no-show');
      const sides = await t.ctx.db.select().from(peerCallSides).where(eq(peerCallSides.callId, callId));
      for (const side of sides) expect(side.chargedMinutes).toBe(0);
    } finally {
      offsetMs = saved;
    }
  });
});
