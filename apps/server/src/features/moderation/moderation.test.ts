import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUTOR_BLOCKED_CANCEL_REASON, tutorBlockNotice } from '@parley/domain/moderation';
import { addDaysToIsoDate } from '@parley/domain/zoned-time';
import { liveSessions, mailOutbox, moderatorActions, notifications, plans, subscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { nextMondayUtc } from '../../test/clock';

// The moderator console on a real database: affiliate applications, blocking tutors (their
// booked sessions go back to the learners), finding learners, and the append-only audit log.

// Next Monday 00:00 UTC (05:30 in Kolkata): Kavya Reddy teaches weekdays 14:00–18:00 Kolkata time.
const monday = nextMondayUtc(new Date());
const mondayDate = monday.toISOString().slice(0, 10);
let t: TestApp;
let moderator: TestClient;
let moderatorId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => monday });
  moderator = await t.signIn('moderator@parley.test', 'moderator');
  moderatorId = (await moderator.get('/api/auth/me?role=moderator')).json().user._id;
});
afterAll(async () => {
  await t.close();
});

const userId = async (email: string, role: 'learner' | 'teacher' | 'influencer') =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.role, role))))[0]!.id;
const actionsOn = (targetUserId: string) => t.ctx.db.select().from(moderatorActions).where(eq(moderatorActions.targetUserId, targetUserId));

describe('influencer applications', () => {
  it('lists the pending application first, with its code and applied date, and filters by status', async () => {
    const all = await moderator.get('/api/moderator/influencers');
    expect(all.statusCode).toBe(200);
    const items = all.json().items as { email: string; status: string; appliedAt: string }[];
    const irfan = items.find((i) => i.email === 'affiliate.pending@parley.test');
    expect(irfan).toMatchObject({ name: 'Irfan Qureshi', referralCode: 'IRFAN10', status: 'Pending', reason: null, decidedAt: null });
    expect(irfan!.appliedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const statuses = items.map((i) => i.status);
    expect(statuses.lastIndexOf('Pending')).toBeLessThan(statuses.indexOf('Approved'));
    expect(all.json().total).toBe(items.length);

    const approved = (await moderator.get('/api/moderator/influencers?status=Approved')).json();
    expect(approved.items.map((i: { email: string }) => i.email)).toContain('affiliate@parley.test');
    expect(approved.items.every((i: { status: string }) => i.status === 'Approved')).toBe(true);
    expect((await moderator.get('/api/moderator/influencers?status=pending')).statusCode).toBe(400);
  });

  it('rejects with a reason the affiliate reads, then approves: the link opens, each decision logged once, and the affiliate is e-mailed', async () => {
    const id = await userId('affiliate.pending@parley.test', 'influencer');
    const affiliate = await t.signIn('affiliate.pending@parley.test', 'influencer');
    expect((await affiliate.get('/api/affiliate/link')).statusCode).toBe(403);

    expect((await moderator.post(`/api/moderator/influencers/${id}/reject`, { reason: 'no ' })).statusCode).toBe(400);
    const reason = 'Your channel links to a different brand.';
    const rejected = await moderator.post(`/api/moderator/influencers/${id}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ _id: id, status: 'Rejected', reason });
    expect((await affiliate.get('/api/auth/me?role=influencer')).json().user).toMatchObject({ status: 'Rejected', statusReason: reason });
    // Signing in again carries it too.
    expect((await affiliate.post('/api/auth/login', { email: 'affiliate.pending@parley.test', password: 'Parley@2026', role: 'influencer' })).json().user).toMatchObject({ status: 'Rejected', statusReason: reason });

    // A double click: the second approval changes nothing and is not logged again.
    for (let i = 0; i < 2; i++) {
      const approved = await moderator.post(`/api/moderator/influencers/${id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'Approved', reason: null, decidedAt: expect.any(String) });
    }
    expect((await affiliate.get('/api/auth/me?role=influencer')).json().user).toMatchObject({ status: 'Approved', statusReason: null });
    expect((await affiliate.get('/api/affiliate/link')).statusCode).toBe(200);

    const logged = await actionsOn(id);
    expect(logged.map((a) => [a.action, a.moderatorId, a.reason])).toEqual([
      ['influencer.rejected', moderatorId, reason],
      ['influencer.approved', moderatorId, null],
    ]);
    const mail = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'affiliate.pending@parley.test'));
    expect(mail.map((m) => m.subject).sort()).toEqual(['Your affiliate application is approved', 'Your affiliate application was not approved']);
    expect(mail.find((m) => m.subject.includes('not'))!.textBody).toContain(reason);

    // The affiliate's bell: each decision once (the double click told nothing twice), the rejection with its reason.
    const bell = (await affiliate.get('/api/notifications')).json();
    expect(bell.unread).toBe(2);
    expect(bell.items.map(({ kind, title, body, link }: Record<string, unknown>) => ({ kind, title, body, link }))).toEqual([
      {
        kind: 'affiliate_approved',
        title: 'Your affiliate application is approved',
        body: 'You can now copy your referral code and campaign link from your dashboard.',
        link: '/affiliate/dashboard',
      },
      { kind: 'affiliate_rejected', title: 'Your affiliate application was not approved', body: `Reason: ${reason}`, link: '/affiliate/dashboard' },
    ]);
  });

  it('answers 404 for someone who is not an affiliate', async () => {
    const learnerId = await userId('learner@parley.test', 'learner');
    expect((await moderator.post(`/api/moderator/influencers/${learnerId}/approve`)).statusCode).toBe(404);
    expect((await moderator.post('/api/moderator/influencers/00000000-0000-4000-8000-000000000000/reject', { reason: 'Not a real account.' })).statusCode).toBe(404);
    expect(await actionsOn(learnerId)).toEqual([]);
  });
});

describe('blocking a tutor', () => {
  let tutorId: string;
  const learners: { c: TestClient; id: string; subscriptionId: string }[] = [];

  beforeAll(async () => {
    tutorId = await userId('kavya.reddy@parley.test', 'teacher');
    const [plan] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'english-quick'));
    for (const name of ['first', 'second']) {
      const c = t.client();
      const res = await c.post('/api/auth/signup', { name: `Blocked Tutor ${name}`, email: `blocked-${name}@example.com`, password: 'a long password', country: 'IN', timezone: 'Asia/Kolkata' });
      const id = res.json().user._id as string;
      const [sub] = await t.ctx.db
        .insert(subscriptions)
        .values({ learnerId: id, planId: plan!.id, subjects: ['English'], subscriptionType: 'quick_learner_mode', availableSession: 5, availableWeeklySession: 0, backlogSession: 0, expiresAt: new Date(monday.getTime() + 30 * 86_400_000) })
        .returning({ id: subscriptions.id });
      learners.push({ c, id, subscriptionId: sub!.id });
    }
  });

  const schedule = (c: TestClient, date: string) => c.get(`/api/teachers/${tutorId}/schedule?date=${date}&timezone=Asia/Kolkata&subject=English`);
  const listed = async (c: TestClient) => ((await c.get('/api/teachers?subject=English')).json().items as { _id: string }[]).some((i) => i._id === tutorId);
  async function book(learner: (typeof learners)[number], date: string, index = 0) {
    const slot = (await schedule(learner.c, date)).json().slots[index];
    const body = { startTime: slot.start, endTime: slot.end, date, duration: 15, subject: 'English', type: 'Regular', learnerId: learner.id, teacherId: tutorId, timezone: 'Asia/Kolkata', startAt: slot.startAt };
    return learner.c.post('/api/sessions', body);
  }
  const available = async (subscriptionId: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!.availableSession;
  const tutorNotices = () =>
    t.ctx.db
      .select({ kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, tutorId), inArray(notifications.kind, ['tutor_blocked', 'tutor_unblocked'])))
      .orderBy(notifications.createdAt);

  it('hides them, empties the schedule, refuses bookings and gives every booked session back, telling each learner', async () => {
    const [first, second] = learners as [(typeof learners)[number], (typeof learners)[number]];
    const booked = [await book(first, mondayDate), await book(second, addDaysToIsoDate(mondayDate, 1))];
    expect(booked.map((r) => r.statusCode)).toEqual([201, 201]);
    const sessionIds = booked.map((r) => r.json()._id as string);
    expect(await available(first.subscriptionId)).toBe(4);
    expect(await listed(first.c)).toBe(true);
    expect((await moderator.get('/api/moderator/tutors?q=kavya')).json().items).toEqual([
      expect.objectContaining({ _id: tutorId, name: 'Kavya Reddy', isBlocked: false, upcomingSessions: 2, block: null }),
    ]);

    const reason = 'Repeated no-shows reported by learners.';
    const blocked = await moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      cancelledSessions: 2,
      tutor: { _id: tutorId, isBlocked: true, upcomingSessions: 0, block: { reason, moderator: { email: 'moderator@parley.test' } } },
    });

    expect(await listed(first.c)).toBe(false);
    const day = (await schedule(first.c, mondayDate)).json();
    expect(day).toMatchObject({ isBlocked: true, timeslot: [], slots: [] });
    const tuesday = addDaysToIsoDate(mondayDate, 2);
    const refused = await first.c.post('/api/sessions', { startTime: '14:00', endTime: '14:15', date: tuesday, duration: 15, subject: 'English', type: 'Regular', learnerId: first.id, teacherId: tutorId, timezone: 'Asia/Kolkata' });
    expect(refused.json()).toMatchObject({ code: 'SLOT_UNAVAILABLE' });

    for (const [i, learner] of learners.entries()) {
      const [row] = await t.ctx.db.select().from(liveSessions).where(eq(liveSessions.id, sessionIds[i]!));
      expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'tutor', refunded: true, cancelReason: TUTOR_BLOCKED_CANCEL_REASON });
      expect(await available(learner.subscriptionId)).toBe(5);
      const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, learner.id), eq(notifications.kind, 'session_cancelled')));
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toContain(TUTOR_BLOCKED_CANCEL_REASON);
      expect(told[0]!.body).not.toContain(reason);
    }

    // The tutor is told in the bell, with the reason and what happened to their sessions.
    expect(await tutorNotices()).toEqual([
      { kind: 'tutor_blocked', ...tutorBlockNotice({ blocked: true, reason, cancelledSessions: 2 }), link: '/teacher/dashboard' },
    ]);
    expect(tutorBlockNotice({ blocked: true, reason, cancelledSessions: 2 }).body).toBe(
      'Learners cannot book you until a moderator unblocks you. Reason: Repeated no-shows reported by learners. Your 2 upcoming sessions were cancelled and given back to the learners.',
    );

    // Blocking again does nothing, logs nothing and tells nobody.
    const again = await moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason: 'Second click on block.' });
    expect(again.json()).toMatchObject({ cancelledSessions: 0, tutor: { isBlocked: true, block: { reason } } });
    expect((await actionsOn(tutorId)).map((a) => [a.action, a.reason])).toEqual([['tutor.blocked', reason]]);
    expect(await tutorNotices()).toHaveLength(1);
  });

  it('unblocking brings them back to the list and the schedule, logged with its reason', async () => {
    const [first] = learners as [(typeof learners)[number]];
    const res = await moderator.post(`/api/moderator/tutors/${tutorId}/unblock`, { reason: 'Agreed a plan with the tutor.' });
    expect(res.json()).toMatchObject({ cancelledSessions: 0, tutor: { isBlocked: false, block: null } });
    expect(await listed(first.c)).toBe(true);
    expect((await schedule(first.c, mondayDate)).json().isBlocked).toBe(false);
    expect((await schedule(first.c, mondayDate)).json().slots.length).toBeGreaterThan(0);
    expect((await actionsOn(tutorId)).map((a) => a.action)).toEqual(['tutor.blocked', 'tutor.unblocked']);
    expect((await tutorNotices()).at(-1)).toEqual({ kind: 'tutor_unblocked', title: 'Your account is unblocked', body: 'Learners can book you again. Reason: Agreed a plan with the tutor.', link: '/teacher/dashboard' });
  });

  it('a booking racing the block is either refused or cancelled with it: a blocked tutor keeps no booked session', async () => {
    const [, second] = learners as [(typeof learners)[number], (typeof learners)[number]];
    const date = addDaysToIsoDate(mondayDate, 3);
    const [booking, block] = await Promise.all([book(second, date, 1), moderator.post(`/api/moderator/tutors/${tutorId}/block`, { reason: 'Blocked while a learner was booking.' })]);
    expect(block.statusCode).toBe(200);
    expect([201, 409]).toContain(booking.statusCode);
    const stillBooked = await t.ctx.db.select().from(liveSessions).where(and(eq(liveSessions.teacherId, tutorId), eq(liveSessions.status, 'booked')));
    expect(stillBooked).toEqual([]);
    expect(block.json().cancelledSessions).toBe(booking.statusCode === 201 ? 1 : 0);
    await moderator.post(`/api/moderator/tutors/${tutorId}/unblock`, { reason: 'Race test over, unblocked.' });
  });

  it('pages and searches tutors by name or e-mail, with the user’s % and _ taken literally', async () => {
    const page = (await moderator.get('/api/moderator/tutors?limit=5&page=2')).json();
    expect(page.items).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(12);
    expect((await moderator.get('/api/moderator/tutors?q=marcus.lee@')).json().items.map((i: { name: string }) => i.name)).toEqual(['Marcus Lee']);
    expect((await moderator.get(`/api/moderator/tutors?q=${encodeURIComponent('%')}`)).json().total).toBe(0);
    expect((await moderator.post('/api/moderator/tutors/00000000-0000-4000-8000-000000000000/block', { reason: 'Nobody at all here.' })).statusCode).toBe(404);
  });
});

describe('learner support', () => {
  it('finds learners by part of a name or e-mail, phone masked to its last four digits; tutors and kids are not learners', async () => {
    const byEmail = (await moderator.get('/api/moderator/learners?q=learner@parley')).json().items;
    expect(byEmail).toEqual([expect.objectContaining({ name: 'Rohan Sharma', email: 'learner@parley.test', phoneNumber: '+•• ••••• •2345', country: 'IN' })]);
    expect((await moderator.get('/api/moderator/learners?q=rohan')).json().items.map((i: { email: string }) => i.email)).toEqual(['learner@parley.test']);
    expect((await moderator.get('/api/moderator/learners?q=kavya.reddy')).json().items).toEqual([]);
    expect((await moderator.get('/api/moderator/learners?q=Aarav')).json().items).toEqual([]);
    expect((await moderator.get('/api/moderator/learners?q=r')).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('lists every moderator action newest first: who, what, to whom, why and when', async () => {
    const learnerId = await userId('learner@parley.test', 'learner');
    expect((await moderator.post('/api/moderator/login-links', { learnerId })).statusCode).toBe(201);
    const log = (await moderator.get('/api/moderator/audit?limit=50')).json();
    const total = (await t.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(moderatorActions))[0]!.n;
    expect(log.total).toBe(total);
    expect(log.items[0]).toMatchObject({ action: 'login_link.issued', moderator: { _id: moderatorId, name: 'Leela Joseph' }, target: { _id: learnerId, role: 'learner' }, course: null, reason: null });
    const kinds = log.items.map((i: { action: string }) => i.action);
    for (const kind of ['tutor.blocked', 'tutor.unblocked', 'influencer.approved', 'influencer.rejected']) expect(kinds).toContain(kind);
    const times = log.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('cannot be changed or removed, not even by SQL', async () => {
    const [entry] = await t.ctx.db.select().from(moderatorActions).limit(1);
    await expect(t.ctx.db.update(moderatorActions).set({ reason: 'rewritten' }).where(eq(moderatorActions.id, entry!.id))).rejects.toThrow();
    await expect(t.ctx.db.delete(moderatorActions).where(eq(moderatorActions.id, entry!.id))).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate moderator_actions`)).rejects.toThrow();
    const [after] = await t.ctx.db.select().from(moderatorActions).where(eq(moderatorActions.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it('no server code writes to it except by inserting', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const offending: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
          const text = readFileSync(file, 'utf8');
          if (/\.(update|delete)\(\s*moderatorActions\b/.test(text) || /(update|delete\s+from|truncate)\s+"?moderator_actions/i.test(text)) offending.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offending).toEqual([]);
  });

  it('is for moderators only', async () => {
    const learner = await t.signIn('learner@parley.test');
    expect((await learner.get('/api/moderator/audit')).statusCode).toBe(401);
    expect((await t.client().get('/api/moderator/tutors')).statusCode).toBe(401);
  });
});

