import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles, type Role } from '@parley/domain/roles';
import type { CourseDraftInput } from '@parley/domain/courses';
import { courseGifts, courses, liveSessions, mediaFiles, notifications, paymentOrders, peerCalls, peerCallSides, peerProfiles, peerSlots, plans, sessionPresence, walletEntries, wallets } from '../db/schema';
import {
  buildWorld,
  cookieHeader,
  emitAck,
  mediaForm,
  multipartFile,
  openSocket,
  privateMarkers,
  snapshotOf,
  demo,
  wallet,
  type Actor,
  type ActorName,
  type ChatSocket,
  type FreeSlot,
  type Side,
  type World,
} from './authorization-world';
import { createTestApp, type TestApp, type TestClient } from './harness';
import { listRoutes } from './route-list';

/*
 * Every route × every role: B (and nobody, and a logged-out cookie) acting on A's ids never
 * succeeds, never sees A's data and never changes A's state. A route the app serves without a
 * rule here fails the first test, so a new route has to be classified before it ships.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Req = { method: Method; url: string; body?: unknown; headers?: Record<string, string>; actor?: Actor };
type Reply = Awaited<ReturnType<TestClient['send']>>;
type Access = 'public' | 'signed-in' | readonly Role[];

type Probe = {
  /** deny: must be refused; self: answers about B; open: anyone may, by design, but sees nothing of A's. */
  kind: 'deny' | 'self' | 'open';
  as: ActorName;
  name: string;
  /** The request, naming A's resources. */
  send: (a: Side, b: Side) => Req | Promise<Req>;
  /** The same request on B's own resources: it must succeed, or the refusal proves nothing. */
  control?: (b: Side) => Req;
  /** Statuses that count as refused (default 401, 403, 404). */
  refusedWith?: number[];
  refused?: (res: Reply) => boolean;
  /** For 'self' probes: the answer is about B. */
  expectSelf?: (body: any, b: Side) => void | Promise<void>;
  /** Why this call may change A's stored state by design (A's state is checked otherwise). */
  changesA?: string;
};

type RouteRule = {
  access: Access;
  /** A valid, harmless request on B's own resources; role gates are tested with it. */
  sample?: (b: Side) => Req;
  probes?: Probe[];
  /** Its allowed roles read every user's rows (support views), so A's data in the answer is expected. */
  seesEveryone?: boolean;
};

const RANDOM_ID = '00000000-0000-4000-8000-000000000000';
const TZ = 'Asia/Kolkata';
const get = (url: string): Req => ({ method: 'GET', url });
const post = (url: string, body: unknown = {}): Req => ({ method: 'POST', url, body });
const put = (url: string, body: unknown): Req => ({ method: 'PUT', url, body });
const upload = (roomId: string): Req => {
  const [body, headers] = multipartFile(roomId, 'probe.pdf');
  return { method: 'POST', url: '/room/v1/sendFile', body, headers };
};
const deny = (as: ActorName, name: string, send: Probe['send'], extra: Partial<Probe> = {}): Probe => ({ kind: 'deny', as, name, send, ...extra });
const self = (as: ActorName, name: string, send: Probe['send'], extra: Partial<Probe> = {}): Probe => ({ kind: 'self', as, name, send, ...extra });
const open = (as: ActorName, name: string, send: Probe['send'], extra: Partial<Probe> = {}): Probe => ({ kind: 'open', as, name, send, ...extra });

const capture = '/api/sandbox/capture';
const forLearner = (learnerID: string, amount = 5_000) => ({ ...wallet(amount), notes: { type: 'Wallet', learnerID, paymentDetails: {} } });
/** The Peer Learning plan on sale, in INR: all a peer-only account may buy (read in beforeAll). */
let peerPlan = { id: RANDOM_ID, priceMinor: 49_900 };
const peerPlanOrder = (learnerID?: string) => ({ ...wallet(peerPlan.priceMinor), notes: { type: 'Plan', ...(learnerID ? { learnerID } : {}), paymentDetails: { planId: peerPlan.id } } });
const schedule = (id: string) => `/api/teachers/${id}/schedule?date=2030-01-07&timezone=${TZ}`;
const tutorProfileOf = ({ tutorProfile: { bio, tags, country, timezone } }: Side) => ({ bio, tags, country, timezone });
const profileOf = (b: Side) => ({ name: b.learnerName, phoneNumber: null, dob: null, country: 'IN', timezone: TZ });
const booking = (b: Side, learnerId: string, forKids: boolean) => {
  const slot = forKids ? b.freeKidSlot : b.freeSlot;
  return {
    startTime: slot.start,
    endTime: slot.end,
    date: slot.date,
    duration: slot.durationMin,
    subject: 'English',
    type: 'Regular',
    learnerId,
    teacherId: b.ids.teacher,
    timezone: TZ,
    forKids,
    startAt: slot.startAt,
  };
};
/** The sandbox answers in the provider's dialect: `{ ok: false }` is a refusal too. */
const settleRefused = (res: Reply) => [401, 403, 404].includes(res.statusCode) || (res.statusCode === 200 && res.json().ok === false);
const idsIn = (items: { _id: string }[]) => items.map((i) => i._id);

const lessonFile = (courseId: string, lessonId: string, versionId?: string, file: 'file' | 'captions' = 'file') =>
  `/api/courses/${courseId}/lessons/${lessonId}/${file}${versionId ? `?versionId=${versionId}` : ''}`;
const lessonCaptions = (courseId: string, lessonId: string, versionId?: string) => lessonFile(courseId, lessonId, versionId, 'captions');
const bonusFile = (bonusName: string, courseId?: string) => `/api/workshop-details/download-bonus?${new URLSearchParams({ bonusName, ...(courseId ? { courseId } : {}) }).toString()}`;
const beat = (courseId: string, lessonId: string) => ({ courseId, lessonId, positionSeconds: 5, secondsSpent: 5 });
const mediaUpload = (extra: Record<string, string> = {}): Req => {
  const [body, headers] = mediaForm('pdf', 'probe.pdf', extra);
  return { method: 'POST', url: '/api/creator/media', body, headers };
};
const giftOf = (courseId: string) => ({ courseId, recipientEmail: 'matrix-gift@example.com', recipientName: 'Gift Friend', method: 'checkout' });
const draftPath = (courseId: string) => `/api/creator/courses/${courseId}/draft`;
/** B's draft with its one lesson changed. */
const draftWithLesson = (draft: CourseDraftInput, change: Partial<CourseDraftInput['modules'][number]['lessons'][number]>): CourseDraftInput => ({
  ...draft,
  modules: draft.modules.map((module) => ({ ...module, lessons: module.lessons.map((lesson) => ({ ...lesson, ...change })) })),
});
const review = (versionId: string, action = '') => `/api/moderator/course-reviews/${versionId}${action}`;
const REASON = { reason: 'Probe: not for learners yet.' };
/** A course page as someone who has no access to it sees it. */
const withoutAccess = (body: any) => {
  expect(body).toMatchObject({ owned: false, myRating: null, progressPercent: null, resumeLessonId: null, certificateId: null, bonuses: [] });
  expect(body.modules.flatMap((m: any) => m.lessons).filter((l: any) => l.completed || (!l.isPreview && !l.locked))).toEqual([]);
};

/** Refused exactly as a session that does not exist: nothing tells B that A's session is there. */
const asUnknownSession = (res: Reply) => res.statusCode === 404 && res.json().code === 'NOT_FOUND' && res.json().message === 'Session not found';
/**
 * Everyone on B's side who is not in A's session (a learner's or its kid's): B's learner (also as
 * a kid's parent), B's kid, from its own browser and from its parent's, and B's tutor. Each is
 * refused as if the session did not exist; the same request on B's own session must succeed.
 */
const outsidersOfA = (does: string, req: (sessionId: string) => Req, options: { controls: boolean }): Probe[] => {
  const on = (as: ActorName, whose: string, target: (s: Side) => string, own: (s: Side) => string) =>
    deny(as, `${does} of ${whose}`, (a) => req(target(a)), { refused: asUnknownSession, ...(options.controls ? { control: (b: Side) => req(own(b)) } : {}) });
  return [
    on('learner', 'A’s session', (s) => s.sessionId, (s) => s.sessionId),
    on('learner', 'A’s kid’s session, as another kid’s parent', (s) => s.kidSessionId, (s) => s.kidSessionId),
    on('kid', 'A’s kid’s session', (s) => s.kidSessionId, (s) => s.kidSessionId),
    on('kid', 'A’s session', (s) => s.sessionId, (s) => s.kidSessionId),
    on('kidViaParent', 'A’s kid’s session', (s) => s.kidSessionId, (s) => s.kidSessionId),
    on('teacher', 'A’s session', (s) => s.sessionId, (s) => s.sessionId),
    on('teacher', 'A’s kid’s session', (s) => s.kidSessionId, (s) => s.kidSessionId),
  ];
};
const meetingPath = (sessionId: string, part = '') => `/api/meeting/${sessionId}${part}`;
const cancel = (sessionId: string) => post(`/api/sessions/${sessionId}/cancel`, { reason: 'Probe.' });
const reschedule = (sessionId: string, slot: FreeSlot) =>
  post(`/api/sessions/${sessionId}/reschedule`, { startTime: slot.startAt, endTime: new Date(Date.parse(slot.startAt) + slot.durationMin * 60_000).toISOString(), timezone: TZ });
const everyRole = ['learner', 'kid', 'teacher', 'peer', 'influencer', 'moderator', 'creator'] as const satisfies readonly Role[];
const readNotices = (ids?: string[]) => post('/api/notifications/read', ids ? { ids } : {});
const peerRoles = ['learner', 'peer'] as const satisfies readonly Role[];
/** A peer call's page: adults' calls, and a kid's scheduled call in the kid's session. */
const callRoles = ['learner', 'peer', 'kid'] as const satisfies readonly Role[];
const peerProfileOf = (level: string) => ({ level, firstLanguage: 'Tamil', languages: [], interests: ['Chess'], availability: 'Evenings' });
/** The seeded call of A's peer (peer@parley.test) with the second demo peer. */
async function peerCallOf(a: Side): Promise<string> {
  const [side] = await t.ctx.db.select({ callId: peerCallSides.callId }).from(peerCallSides).where(eq(peerCallSides.userId, a.ids.peer));
  return side!.callId;
}
/** An ended call between B's peer and B's learner, made in beforeAll: B's own call for the controls. */
let peerCallOfB = RANDOM_ID;
/** A practice time A's peer published and A's learner booked, and one B's peer published: made in beforeAll. */
let slotOfA = RANDOM_ID;
let slotOfB = RANDOM_ID;
/** A quarter-hour start `days` ahead. */
const slotStart = (days: number) => new Date(Math.ceil((Date.now() + days * 86_400_000) / 900_000) * 900_000);

const routes: Record<string, RouteRule> = {
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  'GET /api/images': { access: 'public' },
  'GET /api/banners': { access: 'public' },
  'GET /api/pricing/trial': { access: 'public' },
  'GET /api/payments/sandbox/checkout.js': { access: 'public' },
  // The blog and the plans on sale are the same for everyone.
  'GET /api/blog': { access: 'public' },
  'GET /api/blog/:slug': { access: 'public' },
  'GET /blog/rss.xml': { access: 'public' },
  'GET /api/plans/public': { access: 'public' },
  // The public forms store what a visitor sends; they read nobody's data and answer only a receipt.
  'POST /api/organization-inquiries': { access: 'public' },
  'POST /api/tutor-applications': { access: 'public' },

  'POST /api/auth/signup': {
    access: 'public',
    probes: [
      deny('anonymous', 'signs up with A’s email', (a) => post('/api/auth/signup', { name: 'Taker Person', email: a.learnerEmail, password: 'long password 9', country: 'IN', timezone: TZ }), { refusedWith: [409] }),
    ],
  },
  'POST /api/auth/peer-signup': {
    access: 'public',
    probes: [
      deny('anonymous', 'signs up as a peer with A’s peer email', (a) => post('/api/auth/peer-signup', { name: 'Taker Person', email: a.emails.peer, password: 'long password 9', country: 'IN', timezone: TZ }), { refusedWith: [409] }),
    ],
  },
  'POST /api/auth/affiliate-signup': {
    access: 'public',
    probes: [
      deny(
        'anonymous',
        'applies as an affiliate with A’s affiliate email',
        (a) =>
          post('/api/auth/affiliate-signup', {
            name: 'Taker Person',
            email: a.emails.influencer,
            password: 'long password 9',
            country: 'IN',
            timezone: TZ,
            channel: 'https://example.com/taker',
            audience: 'Twenty people who want my code.',
          }),
        { refusedWith: [409] },
      ),
    ],
  },
  'POST /api/auth/login': {
    access: 'public',
    probes: [deny('anonymous', 'logs in with A’s email and B’s password', (a, b) => post('/api/auth/login', { email: a.learnerEmail, password: b.learnerPassword, role: 'learner' }))],
  },
  'POST /api/auth/login-link': {
    access: 'public',
    probes: [
      deny('anonymous', 'redeems B’s login link with A’s learner id', (a, b) => post('/api/auth/login-link', { learnerId: a.ids.learner, token: b.loginLink.token }), {
        control: (b) => post('/api/auth/login-link', b.loginLink),
      }),
    ],
  },
  'POST /api/auth/logout': {
    access: 'public',
    probes: [
      self('learner', 'logs its own fresh session out; A stays signed in', async (_a, b) => ({ ...post('/api/auth/logout', { role: 'learner' }), actor: { client: await signInLearner(b), headers: {} } })),
    ],
  },
  // A reset link is mailed to the account's own address: asking for A's mails A, never the asker.
  'POST /api/auth/password-reset': {
    access: 'public',
    probes: [
      open('anonymous', 'asks for a reset of A’s account', (a) => post('/api/auth/password-reset', { role: 'learner', email: a.learnerEmail }), {
        changesA: 'by design, anyone may have a reset link mailed to A’s own address (at most a few an hour)',
      }),
    ],
  },
  'POST /api/auth/password-reset/check': {
    access: 'public',
    probes: [open('anonymous', 'asks whether a made-up reset token is live (it is not)', () => post('/api/auth/password-reset/check', { token: 'x'.repeat(43) }))],
  },
  'POST /api/auth/password-reset/confirm': {
    access: 'public',
    probes: [deny('anonymous', 'uses a made-up reset token', () => post('/api/auth/password-reset/confirm', { token: 'x'.repeat(43), password: 'a new long password' }), { refusedWith: [400] })],
  },
  // Both act on the caller's own account only: nothing in them names another.
  'PUT /api/auth/password': {
    access: ['learner', 'peer', 'teacher', 'influencer', 'moderator', 'creator'],
    sample: () => put('/api/auth/password', { currentPassword: 'not the password at all', newPassword: 'another long password' }),
  },
  'POST /api/auth/sessions/end-others': {
    access: ['learner', 'peer', 'teacher', 'influencer', 'moderator', 'creator'],
    sample: () => post('/api/auth/sessions/end-others'),
  },
  'GET /api/auth/me': {
    access: 'signed-in',
    sample: () => get('/api/auth/me?role=learner'),
    probes: [
      self('learner', 'asks for its record with A’s id in the query', (a) => get(`/api/auth/me?role=learner&userId=${a.ids.learner}&_id=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(body.user._id).toBe(b.ids.learner),
      }),
    ],
  },
  'GET /api/assets/avatar/:file': {
    // Public by design (avatars are <img> sources): it answers two initials, never the name.
    access: 'public',
    probes: [open('anonymous', 'fetches A’s avatar by id', (a) => get(`/api/assets/avatar/${a.ids.learner}.svg`))],
  },

  // Support views across every learner: moderators see everyone's rows by design.
  'GET /api/moderator/unapplied-payments': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/unapplied-payments') },
  'GET /api/moderator/login-link-audit': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/login-link-audit') },
  'GET /api/moderator/organization-inquiries': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/organization-inquiries') },
  'GET /api/moderator/tutor-applications': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/tutor-applications') },
  'POST /api/moderator/login-links': {
    access: ['moderator'],
    sample: () => post('/api/moderator/login-links', { learnerId: RANDOM_ID }),
    probes: [
      deny('moderator', 'mints a login link for A’s tutor', (a) => post('/api/moderator/login-links', { learnerId: a.ids.teacher }), {
        control: (b) => post('/api/moderator/login-links', { learnerId: b.ids.learner }),
      }),
      deny('moderator', 'mints a login link for A’s kid', (a) => post('/api/moderator/login-links', { learnerId: a.ids.kid })),
      deny('moderator', 'mints a login link for moderator A', (a) => post('/api/moderator/login-links', { learnerId: a.ids.moderator })),
    ],
  },
  // The moderator console: moderators decide on anyone's application or tutor by design, and the
  // samples name nobody (404), so no run changes A. The lists and the audit log read everyone's rows.
  'GET /api/moderator/audit': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/audit') },
  // The node's own memory and event-loop figures: no user's data in it.
  'GET /api/moderator/process': { access: ['moderator'], sample: () => get('/api/moderator/process') },
  'GET /api/moderator/influencers': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/influencers?status=Pending') },
  'POST /api/moderator/influencers/:userId/approve': { access: ['moderator'], sample: () => post(`/api/moderator/influencers/${RANDOM_ID}/approve`) },
  'POST /api/moderator/influencers/:userId/reject': { access: ['moderator'], sample: () => post(`/api/moderator/influencers/${RANDOM_ID}/reject`, REASON) },
  'GET /api/moderator/tutors': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/tutors?q=a') },
  'POST /api/moderator/tutors/:id/block': { access: ['moderator'], sample: () => post(`/api/moderator/tutors/${RANDOM_ID}/block`, REASON) },
  'POST /api/moderator/tutors/:id/unblock': { access: ['moderator'], sample: () => post(`/api/moderator/tutors/${RANDOM_ID}/unblock`, REASON) },
  'GET /api/moderator/learners': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/learners?q=zz') },

  'PUT /api/learner/profile': {
    access: ['learner'],
    sample: (b) => put('/api/learner/profile', profileOf(b)),
    probes: [
      self('learner', 'sends A’s id inside its profile', (a, b) => put('/api/learner/profile', { ...profileOf(b), _id: a.ids.learner, id: a.ids.learner, userId: a.ids.learner }), {
        expectSelf: (body, b) => expect(body.user._id).toBe(b.ids.learner),
      }),
    ],
  },
  // A's number, code and outbox are never touched: each learner verifies only their own saved number.
  'POST /api/learner/phone/send-code': {
    access: ['learner'],
    sample: () => post('/api/learner/phone/send-code'),
    probes: [self('learner', 'names A in the send', (a) => post('/api/learner/phone/send-code', { userId: a.ids.learner, learnerId: a.ids.learner }), { refusedWith: [400] })],
  },
  'POST /api/learner/phone/verify': {
    access: ['learner'],
    sample: () => post('/api/learner/phone/verify', { code: '123456' }),
    probes: [self('learner', 'names A beside a code', (a) => post('/api/learner/phone/verify', { code: '123456', userId: a.ids.learner }), { refusedWith: [409] })],
  },
  'POST /api/learner/getKidsByParentId': {
    access: ['learner'],
    sample: () => post('/api/learner/getKidsByParentId'),
    probes: [
      self('learner', 'asks for kids with A as parent', (a) => post('/api/learner/getKidsByParentId', { parentId: a.ids.learner, learnerId: a.ids.learner }), {
        expectSelf: (body, b) => expect(idsIn(body.allKids)).toContain(b.ids.kid),
      }),
    ],
  },
  'POST /api/learner/newKid': {
    access: ['learner'],
    sample: () => post('/api/learner/newKid', { name: 'Gate Kid', avatar: 'owl', dob: null }),
    probes: [self('learner', 'creates a kid naming A as parent', (a) => post('/api/learner/newKid', { name: 'Injected Kid', parentId: a.ids.learner }))],
  },
  'POST /api/learner/findKidById': {
    access: ['learner'],
    sample: (b) => post('/api/learner/findKidById', { learnerId: b.ids.kid }),
    probes: [
      deny('learner', 'opens a session as A’s kid', (a) => post('/api/learner/findKidById', { learnerId: a.ids.kid }), {
        control: (b) => post('/api/learner/findKidById', { learnerId: b.ids.kid }),
      }),
      deny('learner', 'opens a kid session as learner A', (a) => post('/api/learner/findKidById', { learnerId: a.ids.learner })),
    ],
  },
  'POST /api/learner/kids/:kidId/edit': {
    access: ['learner'],
    sample: (b) => post(`/api/learner/kids/${b.ids.kid}/edit`, { name: b.kidName, dob: null }),
    probes: [
      deny('learner', 'edits A’s kid', (a) => post(`/api/learner/kids/${a.ids.kid}/edit`, { name: 'Renamed By B', dob: '2015-01-01' }), {
        control: (b) => post(`/api/learner/kids/${b.ids.kid}/edit`, { name: b.kidName, dob: null }),
      }),
      deny('learner', 'edits learner A as a kid', (a) => post(`/api/learner/kids/${a.ids.learner}/edit`, { name: 'Renamed By B', dob: '2015-01-01' })),
    ],
  },
  // No control: B's kid has sessions and purchases, so its own removal is refused too (409, not 404).
  'POST /api/learner/kids/:kidId/remove': {
    access: ['learner'],
    sample: () => post(`/api/learner/kids/${RANDOM_ID}/remove`),
    probes: [
      deny('learner', 'removes A’s kid', (a) => post(`/api/learner/kids/${a.ids.kid}/remove`)),
      deny('learner', 'removes learner A as a kid', (a) => post(`/api/learner/kids/${a.ids.learner}/remove`)),
    ],
  },

  'GET /api/teachers': {
    access: ['learner', 'kid'],
    sample: () => get('/api/teachers'),
    probes: [self('learner', 'lists tutors', () => get('/api/teachers')), self('kid', 'lists tutors', () => get('/api/teachers'))],
  },
  'GET /api/teachers/:id/schedule': {
    access: ['learner', 'kid'],
    sample: (b) => get(schedule(b.ids.teacher)),
    probes: [
      deny('learner', 'asks for learner A’s “schedule”', (a) => get(schedule(a.ids.learner)), { control: (b) => get(schedule(b.ids.teacher)) }),
      deny('kid', 'asks for kid A’s “schedule”', (a) => get(schedule(a.ids.kid)), { control: (b) => get(schedule(b.ids.teacher)) }),
    ],
  },
  'GET /api/teachers/:id/reviews': {
    access: ['learner', 'kid'],
    sample: (b) => get(`/api/teachers/${b.ids.teacher}/reviews`),
    probes: [
      deny('learner', 'asks for learner A’s “reviews”', (a) => get(`/api/teachers/${a.ids.learner}/reviews`), { control: (b) => get(`/api/teachers/${b.ids.teacher}/reviews`) }),
    ],
  },
  'PUT /api/teachers/:id/favourite': {
    access: ['learner', 'kid'],
    sample: (b) => put(`/api/teachers/${b.ids.teacher}/favourite`, { favourite: false }),
    probes: [
      deny('learner', 'favourites learner A as if a tutor', (a) => put(`/api/teachers/${a.ids.learner}/favourite`, { favourite: true }), {
        control: (b) => put(`/api/teachers/${b.ids.teacher}/favourite`, { favourite: true }),
      }),
      self('learner', 'favourites A’s tutor: only B’s list changes', (a) => put(`/api/teachers/${a.ids.teacher}/favourite`, { favourite: true })),
      self('kid', 'favourites A’s tutor: only kid B’s list changes', (a) => put(`/api/teachers/${a.ids.teacher}/favourite`, { favourite: true })),
    ],
  },

  'POST /api/sessions': {
    access: ['learner', 'kid'],
    sample: (b) => post('/api/sessions', booking(b, RANDOM_ID, false)),
    probes: [
      deny('learner', 'books a session for learner A', (a, b) => post('/api/sessions', booking(b, a.ids.learner, false))),
      deny('learner', 'books a session for A’s kid', (a, b) => post('/api/sessions', booking(b, a.ids.kid, false))),
      deny('kid', 'books a kids’ session for A’s kid', (a, b) => post('/api/sessions', booking(b, a.ids.kid, true))),
      deny('kidViaParent', 'books a kids’ session for A’s kid', (a, b) => post('/api/sessions', booking(b, a.ids.kid, true))),
    ],
  },
  'GET /api/sessions': {
    access: ['learner', 'kid'],
    sample: () => get('/api/sessions'),
    probes: [
      deny('learner', 'lists learner A’s sessions', (a) => get(`/api/sessions?studentID=${a.ids.learner}`), { control: (b) => get(`/api/sessions?studentID=${b.ids.learner}`) }),
      deny('learner', 'lists A’s kid’s sessions', (a) => get(`/api/sessions?studentID=${a.ids.kid}&forKids=true`)),
      deny('kid', 'lists A’s kid’s sessions', (a) => get(`/api/sessions?studentID=${a.ids.kid}&forKids=true`), {
        control: (b) => get(`/api/sessions?studentID=${b.ids.kid}&forKids=true`),
      }),
      self('learner', 'lists its own sessions', () => get('/api/sessions?when=upcoming&limit=50'), { expectSelf: (body, b) => expect(idsIn(body.items)).toContain(b.sessionId) }),
      self('kid', 'lists its own sessions', () => get('/api/sessions?when=upcoming&forKids=true&limit=50'), { expectSelf: (body, b) => expect(idsIn(body.items)).toContain(b.kidSessionId) }),
      self('learner', 'lists its past sessions naming learner A', (a) => get(`/api/sessions?when=past&studentID=${a.ids.learner}&learnerId=${a.ids.learner}&limit=50`), {
        expectSelf: (body, b) => expect(idsIn(body.items)).toContain(b.tutorCancelledSessionId),
      }),
    ],
  },

  // Live sessions: the class, its chat and attendance, cancelling and moving. Only the session's
  // learner (or the kid's parent) and its tutor; anyone else is told the session does not exist.
  'GET /api/meeting/:sessionId': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(meetingPath(b.sessionId)),
    probes: [
      ...outsidersOfA('opens the class', (id) => get(meetingPath(id)), { controls: true }),
      deny('learner', 'opens the class of the session A’s tutor cancelled', (a) => get(meetingPath(a.tutorCancelledSessionId)), {
        refused: asUnknownSession,
        control: (b) => get(meetingPath(b.tutorCancelledSessionId)),
      }),
    ],
  },
  'GET /api/meeting/:sessionId/messages': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(meetingPath(b.sessionId, '/messages')),
    probes: outsidersOfA('reads the in-call chat', (id) => get(meetingPath(id, '/messages')), { controls: true }),
  },
  'GET /api/meeting/:sessionId/attendance': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(meetingPath(b.sessionId, '/attendance')),
    probes: outsidersOfA('reads the attendance', (id) => get(meetingPath(id, '/attendance')), { controls: true }),
  },
  'GET /api/sessions/:id/cancel-preview': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(`/api/sessions/${b.sessionId}/cancel-preview`),
    probes: [
      ...outsidersOfA('asks what cancelling costs', (id) => get(`/api/sessions/${id}/cancel-preview`), { controls: true }),
      // Not the 409 of a session already cancelled: that would tell B the session exists.
      deny('learner', 'asks what cancelling the session A’s tutor cancelled costs', (a) => get(`/api/sessions/${a.tutorCancelledSessionId}/cancel-preview`), { refused: asUnknownSession }),
    ],
  },
  'POST /api/sessions/:id/cancel': {
    access: ['learner', 'kid', 'teacher'],
    sample: () => cancel(RANDOM_ID),
    probes: [
      // Each control cancels a spare session of B's that nothing else uses.
      ...outsidersOfA('cancels', cancel, { controls: false }),
      deny('learner', 'cancels A’s spare session', (a) => cancel(a.spareSessions.learnerCancel), { refused: asUnknownSession, control: (b) => cancel(b.spareSessions.learnerCancel) }),
      deny('learner', 'cancels A’s kid’s spare session, as another kid’s parent', (a) => cancel(a.spareSessions.parentCancel), {
        refused: asUnknownSession,
        control: (b) => cancel(b.spareSessions.parentCancel),
      }),
      deny('kid', 'cancels A’s kid’s spare session', (a) => cancel(a.spareSessions.kidCancel), { refused: asUnknownSession, control: (b) => cancel(b.spareSessions.kidCancel) }),
      deny('teacher', 'cancels A’s spare session', (a) => cancel(a.spareSessions.tutorCancel), { refused: asUnknownSession, control: (b) => cancel(b.spareSessions.tutorCancel) }),
      deny('learner', 'cancels the session A’s tutor already cancelled', (a) => cancel(a.tutorCancelledSessionId), { refused: asUnknownSession }),
    ],
  },
  'POST /api/sessions/:id/reschedule': {
    // Tutors cancel instead; the role gate keeps them out.
    access: ['learner', 'kid'],
    sample: (b) => reschedule(RANDOM_ID, b.rescheduleSlot),
    probes: [
      // Moving A's sessions to slots A's tutor really has free: only who asks stands in the way.
      deny('learner', 'moves A’s session', (a) => reschedule(a.sessionId, a.freeSlot), {
        refused: asUnknownSession,
        control: (b) => reschedule(b.spareSessions.reschedule, b.rescheduleSlot),
      }),
      deny('learner', 'moves A’s kid’s session, as another kid’s parent', (a) => reschedule(a.kidSessionId, a.freeKidSlot), { refused: asUnknownSession }),
      deny('kid', 'moves A’s kid’s session', (a) => reschedule(a.kidSessionId, a.freeKidSlot), { refused: asUnknownSession }),
      deny('kid', 'moves A’s session', (a) => reschedule(a.sessionId, a.freeSlot), { refused: asUnknownSession }),
      deny('kidViaParent', 'moves A’s kid’s session', (a) => reschedule(a.kidSessionId, a.freeKidSlot), { refused: asUnknownSession }),
    ],
  },

  // Peer practice: a peer's (or a practising learner's) own profile, queue place and calls only.
  'GET /api/peer/me': {
    access: peerRoles,
    sample: () => get('/api/peer/me'),
    probes: [
      self('peer', 'reads the overview with A’s id in the query', (a) => get(`/api/peer/me?userId=${a.ids.peer}`), {
        expectSelf: (body) => expect(body.profile === null || body.profile.userId === w.b.ids.peer).toBe(true),
      }),
    ],
  },
  'GET /api/peer/profile': {
    access: peerRoles,
    sample: () => get('/api/peer/profile'),
    probes: [self('peer', 'reads a profile naming A’s peer', (a) => get(`/api/peer/profile?userId=${a.ids.peer}`), { expectSelf: (body, b) => expect(body.userId).toBe(b.ids.peer) })],
  },
  'PUT /api/peer/profile': {
    access: peerRoles,
    sample: () => put('/api/peer/profile', peerProfileOf('B2')),
    probes: [self('peer', 'edits its profile with A’s id in the body', (a) => put('/api/peer/profile', { ...peerProfileOf('C1'), userId: a.ids.peer }), { expectSelf: (body, b) => expect(body.userId).toBe(b.ids.peer) })],
  },
  'PUT /api/peer/account': {
    access: ['peer'],
    sample: () => put('/api/peer/account', { name: 'Peer Renamed', country: 'IN', timezone: 'Asia/Kolkata' }),
    probes: [
      self('peer', 'renames itself with A’s id in the body', (a) => put('/api/peer/account', { name: 'Peer Renamed', country: 'IN', timezone: 'Asia/Kolkata', userId: a.ids.peer, _id: a.ids.peer }), {
        expectSelf: (body, b) => expect(body.user._id).toBe(b.ids.peer),
      }),
    ],
  },
  'POST /api/peer/placement': {
    access: peerRoles,
    sample: () => post('/api/peer/placement', { answers: [true, true, true, false, false], firstLanguage: 'Tamil' }),
    probes: [
      self('learner', 'takes the placement with A’s peer id in the body', (a) => post('/api/peer/placement', { answers: [true, false, false, false, false], firstLanguage: 'Tamil', userId: a.ids.peer }), {
        expectSelf: (body, b) => expect(body.userId).toBe(b.ids.learner),
      }),
    ],
  },
  'POST /api/peer/queue': {
    access: peerRoles,
    sample: () => post('/api/peer/queue', { mode: 'video' }),
    probes: [deny('peer', 'queues A’s peer by naming it', (a) => post('/api/peer/queue', { mode: 'video', userId: a.ids.peer }), { refusedWith: [409] })],
  },
  'DELETE /api/peer/queue': { access: peerRoles, sample: () => ({ method: 'DELETE', url: '/api/peer/queue' }) },
  'GET /api/peer/calls': {
    access: peerRoles,
    sample: () => get('/api/peer/calls'),
    probes: [
      self('peer', 'lists past calls with A’s id in the query', (a) => get(`/api/peer/calls?userId=${a.ids.peer}`), {
        expectSelf: (body) => expect(body.items.map((i: { callId: string }) => i.callId)).toEqual([peerCallOfB]),
      }),
    ],
  },
  'GET /api/peer/calls/:id': {
    access: callRoles,
    sample: () => get(`/api/peer/calls/${peerCallOfB}`),
    probes: [
      deny('peer', 'opens A’s peer call', async (a) => get(`/api/peer/calls/${await peerCallOf(a)}`), { control: () => get(`/api/peer/calls/${peerCallOfB}`) }),
      deny('learner', 'opens A’s peer call', async (a) => get(`/api/peer/calls/${await peerCallOf(a)}`), { control: () => get(`/api/peer/calls/${peerCallOfB}`) }),
    ],
  },
  'POST /api/peer/calls/:id/rating': {
    access: callRoles,
    sample: () => post(`/api/peer/calls/${RANDOM_ID}/rating`, { stars: 3 }),
    probes: [deny('peer', 'rates A’s peer call', async (a) => post(`/api/peer/calls/${await peerCallOf(a)}/rating`, { stars: 1 }), { control: () => post(`/api/peer/calls/${peerCallOfB}/rating`, { stars: 4 }) })],
  },
  'POST /api/peer/calls/:id/report': {
    access: callRoles,
    sample: () => post(`/api/peer/calls/${RANDOM_ID}/report`, { reason: 'Probe: rude.' }),
    probes: [
      deny('learner', 'reports A’s peer call', async (a) => post(`/api/peer/calls/${await peerCallOf(a)}/report`, { reason: 'Probe: rude.' }), {
        control: () => post(`/api/peer/calls/${peerCallOfB}/report`, { reason: 'Probe: rude.' }),
      }),
    ],
  },
  // Scheduled practice: a peer's own slots; others' open slots may be booked by design, never A's booked one.
  'GET /api/peer/slots': {
    access: peerRoles,
    sample: () => get('/api/peer/slots'),
    probes: [
      self('peer', 'lists practice times with A’s id in the query', (a) => get(`/api/peer/slots?userId=${a.ids.peer}`), {
        expectSelf: (body) => {
          const mine = body.mine.map((s: { _id: string }) => s._id);
          expect(mine).toContain(slotOfB);
          expect(mine).not.toContain(slotOfA);
          expect(body.open.map((s: { _id: string }) => s._id)).not.toContain(slotOfA);
        },
      }),
    ],
  },
  'POST /api/peer/slots': {
    access: peerRoles,
    sample: () => post('/api/peer/slots', { startAt: slotStart(3).toISOString(), lengthMin: 30, mode: 'audio' }),
    probes: [
      self('peer', 'publishes a time naming A’s peer as its host', (a) => post('/api/peer/slots', { startAt: slotStart(4).toISOString(), lengthMin: 15, mode: 'audio', hostId: a.ids.peer }), {
        expectSelf: (body) => expect(body.role).toBe('host'),
      }),
    ],
  },
  'POST /api/peer/slots/:id/book': {
    access: peerRoles,
    sample: () => post(`/api/peer/slots/${RANDOM_ID}/book`),
    probes: [deny('peer', 'books A’s booked practice time', () => post(`/api/peer/slots/${slotOfA}/book`), { refusedWith: [404, 409] })],
  },
  'POST /api/peer/slots/:id/cancel': {
    access: peerRoles,
    sample: () => post(`/api/peer/slots/${RANDOM_ID}/cancel`),
    probes: [
      deny('peer', 'cancels A’s practice time', () => post(`/api/peer/slots/${slotOfA}/cancel`)),
      deny('learner', 'cancels A’s practice time', () => post(`/api/peer/slots/${slotOfA}/cancel`)),
    ],
  },
  'POST /api/peer/slots/:id/join': {
    access: peerRoles,
    sample: () => post(`/api/peer/slots/${RANDOM_ID}/join`),
    probes: [deny('peer', 'joins A’s practice time', () => post(`/api/peer/slots/${slotOfA}/join`))],
  },
  // Kids peer practice: a parent acts only for their own kids; a kid only for themselves.
  'GET /api/kid-peer/kids': {
    access: ['learner'],
    sample: () => get('/api/kid-peer/kids'),
    probes: [
      self('learner', 'lists kids with A’s kid in the query', (a) => get(`/api/kid-peer/kids?kidId=${a.ids.kid}`), {
        expectSelf: (body, b) => {
          const ids = body.kids.map((k: { kidId: string }) => k.kidId);
          expect(ids).toContain(b.ids.kid);
          expect(ids).not.toContain(w.a.ids.kid);
        },
      }),
    ],
  },
  'PUT /api/kid-peer/kids/:kidId/consent': {
    access: ['learner'],
    sample: (b) => put(`/api/kid-peer/kids/${b.ids.kid}/consent`, { consent: false }),
    probes: [deny('learner', 'switches on A’s kid’s peer practice', (a) => put(`/api/kid-peer/kids/${a.ids.kid}/consent`, { consent: true }), { control: (b) => put(`/api/kid-peer/kids/${b.ids.kid}/consent`, { consent: false }) })],
  },
  'PUT /api/kid-peer/kids/:kidId/profile': {
    access: ['learner'],
    sample: (b) => put(`/api/kid-peer/kids/${b.ids.kid}/profile`, { level: 'A1', firstLanguage: 'Tamil' }),
    probes: [deny('learner', 'sets A’s kid’s level', (a) => put(`/api/kid-peer/kids/${a.ids.kid}/profile`, { level: 'C2', firstLanguage: 'Tamil' }))],
  },
  'POST /api/kid-peer/kids/:kidId/minutes': {
    access: ['learner'],
    sample: (b) => post(`/api/kid-peer/kids/${b.ids.kid}/minutes`, { minutes: 1, requestKey: randomUUID() }),
    probes: [deny('learner', 'gives minutes to A’s kid', (a) => post(`/api/kid-peer/kids/${a.ids.kid}/minutes`, { minutes: 1, requestKey: randomUUID() }))],
  },
  'GET /api/kid-peer/kids/:kidId/slots': {
    access: ['learner'],
    sample: (b) => get(`/api/kid-peer/kids/${b.ids.kid}/slots`),
    probes: [deny('learner', 'reads A’s kid’s practice times', (a) => get(`/api/kid-peer/kids/${a.ids.kid}/slots`), { control: (b) => get(`/api/kid-peer/kids/${b.ids.kid}/slots`) })],
  },
  'POST /api/kid-peer/kids/:kidId/slots': {
    access: ['learner'],
    sample: (b) => post(`/api/kid-peer/kids/${b.ids.kid}/slots`, { startAt: slotStart(6).toISOString(), lengthMin: 15 }),
    probes: [deny('learner', 'publishes a time for A’s kid', (a) => post(`/api/kid-peer/kids/${a.ids.kid}/slots`, { startAt: slotStart(6).toISOString(), lengthMin: 15 }))],
  },
  'POST /api/kid-peer/kids/:kidId/slots/:id/book': {
    access: ['learner'],
    sample: (b) => post(`/api/kid-peer/kids/${b.ids.kid}/slots/${RANDOM_ID}/book`),
    probes: [deny('learner', 'books for A’s kid', (a) => post(`/api/kid-peer/kids/${a.ids.kid}/slots/${slotOfB}/book`))],
  },
  'POST /api/kid-peer/kids/:kidId/slots/:id/cancel': {
    access: ['learner'],
    sample: (b) => post(`/api/kid-peer/kids/${b.ids.kid}/slots/${RANDOM_ID}/cancel`),
    probes: [
      deny('learner', 'cancels for A’s kid', (a) => post(`/api/kid-peer/kids/${a.ids.kid}/slots/${slotOfA}/cancel`)),
      deny('learner', 'cancels A’s practice time through its own kid', (_a, b) => post(`/api/kid-peer/kids/${b.ids.kid}/slots/${slotOfA}/cancel`)),
    ],
  },
  'GET /api/kid-peer/kids/:kidId/calls': {
    access: ['learner'],
    sample: (b) => get(`/api/kid-peer/kids/${b.ids.kid}/calls`),
    probes: [deny('learner', 'reads A’s kid’s past calls', (a) => get(`/api/kid-peer/kids/${a.ids.kid}/calls`), { control: (b) => get(`/api/kid-peer/kids/${b.ids.kid}/calls`) })],
  },
  'GET /api/kid-peer/practice': {
    access: ['kid'],
    sample: () => get('/api/kid-peer/practice'),
    probes: [self('kid', 'reads its practice with A’s kid in the query', (a) => get(`/api/kid-peer/practice?kidId=${a.ids.kid}`), { expectSelf: (body) => expect(body.next).toBeNull() })],
  },
  'GET /api/kid-peer/slots': {
    access: ['kid'],
    sample: () => get('/api/kid-peer/slots'),
    probes: [self('kid', 'lists its times with A’s kid in the query', (a) => get(`/api/kid-peer/slots?kidId=${a.ids.kid}`), { expectSelf: (body) => expect(body.mine).toEqual([]) })],
  },
  'POST /api/kid-peer/slots/:id/join': {
    access: ['kid'],
    sample: () => post(`/api/kid-peer/slots/${RANDOM_ID}/join`),
    probes: [deny('kid', 'joins A’s practice time', () => post(`/api/kid-peer/slots/${slotOfA}/join`), { refusedWith: [404, 409] })],
  },
  // The moderators act on any peer's report: every report and peer is theirs to see.
  'GET /api/moderator/peer-reports': { access: ['moderator'], sample: () => get('/api/moderator/peer-reports'), seesEveryone: true },
  'POST /api/moderator/peer-reports/:id/warn': { access: ['moderator'], sample: () => post(`/api/moderator/peer-reports/${RANDOM_ID}/warn`, REASON) },
  'POST /api/moderator/peer-reports/:id/suspend': { access: ['moderator'], sample: () => post(`/api/moderator/peer-reports/${RANDOM_ID}/suspend`, REASON) },
  'POST /api/moderator/peer-reports/:id/dismiss': { access: ['moderator'], sample: () => post(`/api/moderator/peer-reports/${RANDOM_ID}/dismiss`, REASON) },
  'POST /api/moderator/peers/:userId/unsuspend': { access: ['moderator'], sample: () => post(`/api/moderator/peers/${RANDOM_ID}/unsuspend`, REASON) },

  // The bell: every user's own notifications only.
  'GET /api/notifications': {
    access: everyRole,
    sample: () => get('/api/notifications'),
    probes: [
      self('learner', 'lists notifications with A’s id in the query', (a) => get(`/api/notifications?userId=${a.ids.learner}`), {
        expectSelf: async (body, b) => {
          expect(idsIn(body.items)).toContain(b.notificationId);
          expect(await notificationsNotOf(idsIn(body.items), b.ids.learner)).toEqual([]);
        },
      }),
      ...(['kid', 'teacher', 'moderator'] as const).map((role) =>
        self(role, 'lists its notifications', () => get('/api/notifications'), {
          expectSelf: async (body: any, b: Side) => expect(await notificationsNotOf(idsIn(body.items), b.ids[role])).toEqual([]),
        }),
      ),
    ],
  },
  'POST /api/notifications/read': {
    access: everyRole,
    sample: () => readNotices([]),
    probes: [
      // Foreign ids are ignored (204); A's row must stay unread.
      self('learner', 'marks A’s notification read', (a) => readNotices([a.notificationId]), { control: (b) => readNotices([b.notificationId]) }),
      self('kid', 'marks A’s learner’s notification read', (a) => readNotices([a.notificationId])),
      self('teacher', 'marks A’s learner’s notification read', (a) => readNotices([a.notificationId])),
      self('moderator', 'marks A’s learner’s notification read', (a) => readNotices([a.notificationId])),
      self('learner', 'marks A’s and its own notification read together', (a, b) => readNotices([a.notificationId, b.notificationId])),
      self('learner', 'marks every notification read (no ids)', () => readNotices()),
    ],
  },

  'GET /api/teacher/availability': {
    access: ['teacher'],
    sample: () => get('/api/teacher/availability'),
    probes: [
      self('teacher', 'asks for availability naming tutor A', (a) => get(`/api/teacher/availability?teacherId=${a.ids.teacher}`), {
        expectSelf: (body, b) => expect(body.ranges).toEqual(b.availability.ranges),
      }),
    ],
  },
  'PUT /api/teacher/availability': {
    access: ['teacher'],
    sample: (b) => put('/api/teacher/availability', b.availability),
    probes: [self('teacher', 'saves its availability naming tutor A', (a, b) => put('/api/teacher/availability', { ...b.availability, teacherId: a.ids.teacher }))],
  },
  'GET /api/teacher/profile': {
    access: ['teacher'],
    sample: () => get('/api/teacher/profile'),
    probes: [
      self('teacher', 'asks for the profile naming tutor A', (a) => get(`/api/teacher/profile?teacherId=${a.ids.teacher}`), {
        expectSelf: (body, b) => expect(body.bio).toBe(b.tutorProfile.bio),
      }),
    ],
  },
  'PUT /api/teacher/profile': {
    access: ['teacher'],
    sample: (b) => put('/api/teacher/profile', tutorProfileOf(b)),
    probes: [self('teacher', 'saves its profile naming tutor A', (a, b) => put('/api/teacher/profile', { ...tutorProfileOf(b), teacherId: a.ids.teacher }))],
  },
  'GET /api/teacher/sessions': {
    access: ['teacher'],
    sample: () => get('/api/teacher/sessions'),
    probes: [
      self('teacher', 'lists sessions naming tutor A', (a) => get(`/api/teacher/sessions?teacherId=${a.ids.teacher}&limit=50`), {
        expectSelf: (body, b) => expect(idsIn(body.items)).toContain(b.sessionId),
      }),
      self('teacher', 'lists past sessions naming tutor A', (a) => get(`/api/teacher/sessions?when=past&teacherId=${a.ids.teacher}&limit=50`), {
        expectSelf: (body, b) => expect(idsIn(body.items)).toContain(b.tutorCancelledSessionId),
      }),
    ],
  },

  'POST /api/sandbox/capture': {
    // A peer-only account buys Peer Learning plans here (spec §6), for itself only; anything else is refused with 403.
    access: ['learner', 'peer'],
    sample: () => post(capture, wallet(5_000)),
    probes: [
      deny('learner', 'creates a top-up order for learner A', (a) => post(capture, forLearner(a.ids.learner)), { control: (b) => post(capture, forLearner(b.ids.learner)) }),
      deny('learner', 'creates a top-up order for A’s kid', (a) => post(capture, forLearner(a.ids.kid))),
      deny('peer', 'creates a peer plan order for A’s peer', (a) => post(capture, peerPlanOrder(a.ids.peer)), { control: (b) => post(capture, peerPlanOrder(b.ids.peer)) }),
      deny('peer', 'creates a peer plan order for learner A', (a) => post(capture, peerPlanOrder(a.ids.learner))),
      deny('peer', 'creates a top-up order for learner A', (a) => post(capture, forLearner(a.ids.learner))),
    ],
  },
  'POST /api/sandbox/capture-auth-less': {
    // A Demo order for any learner id is auth-less by design; anything else is not.
    access: 'public',
    probes: [
      deny('anonymous', 'starts a wallet top-up for A', (a) => post('/api/sandbox/capture-auth-less', forLearner(a.ids.learner))),
      deny('learner', 'starts a wallet top-up for A', (a) => post('/api/sandbox/capture-auth-less', forLearner(a.ids.learner))),
      deny('anonymous', 'starts a plan order for A', (a) => post('/api/sandbox/capture-auth-less', { ...forLearner(a.ids.learner, 299_900), notes: { type: 'Plan', learnerID: a.ids.learner, paymentDetails: { planId: RANDOM_ID } } })),
      open('anonymous', 'starts a demo checkout for A while A has one open', async (a) => post('/api/sandbox/capture-auth-less', demo(await trialPrice(), a.ids.learner)), {
        changesA: 'by design, anyone holding a learner id may start that learner’s demo checkout',
      }),
      open('learner', 'starts a demo checkout for A while A has one open', async (a) => post('/api/sandbox/capture-auth-less', demo(await trialPrice(), a.ids.learner)), {
        changesA: 'by design, anyone holding a learner id may start that learner’s demo checkout',
      }),
    ],
  },
  'GET /api/payments/mine': {
    access: ['learner', 'peer'],
    sample: () => get('/api/payments/mine'),
    probes: [
      self('learner', 'asks for A’s card payments by query', (a) => get(`/api/payments/mine?userId=${a.ids.learner}&limit=50`), {
        expectSelf: async (body, b) => expect(body.total).toBe(await paidOrderCountOf(b.ids.learner)),
      }),
    ],
  },
  'POST /api/payments/verify': {
    access: 'public',
    probes: [
      deny('learner', 'verifies A’s payment', (a) => post('/api/payments/verify', a.paid), { control: (b) => post('/api/payments/verify', b.paid) }),
      deny('peer', 'verifies A’s payment', (a) => post('/api/payments/verify', a.paid)),
      deny('anonymous', 'verifies A’s payment', (a) => post('/api/payments/verify', a.paid)),
      deny('revoked', 'verifies A’s payment', (a) => post('/api/payments/verify', a.paid)),
    ],
  },
  'POST /api/payments/order-status': {
    access: 'public',
    probes: [
      deny('learner', 'cancels A’s open order', (a) => post('/api/payments/order-status', { orderid: a.openOrders[0], status: 'canceled' }), {
        control: (b) => post('/api/payments/order-status', { orderid: b.openOrders[0], status: 'canceled' }),
      }),
      deny('anonymous', 'fails A’s open order', (a) => post('/api/payments/order-status', { orderid: a.openOrders[0], status: 'Failed', failureCode: 'BAD_REQUEST_ERROR' })),
      deny('peer', 'cancels A’s open order', (a) => post('/api/payments/order-status', { orderid: a.openOrders[0], status: 'canceled' })),
    ],
  },
  'POST /api/payments/sandbox/settle': {
    // The sandbox checkout's Pay / Fail buttons run in the owner's browser (a learner's, or a peer-only account's buying a peer plan).
    access: ['learner', 'peer'],
    sample: () => post('/api/payments/sandbox/settle', { orderId: 'order_none', outcome: 'success' }),
    probes: [
      deny('learner', 'fails A’s open order at the sandbox checkout', (a) => post('/api/payments/sandbox/settle', { orderId: a.openOrders[1], outcome: 'failure', errorCode: 'BAD_REQUEST_ERROR', description: 'probe' }), {
        refused: settleRefused,
        control: (b) => post('/api/payments/sandbox/settle', { orderId: b.openOrders[1], outcome: 'success' }),
      }),
      deny('anonymous', 'pays A’s open order at the sandbox checkout', (a) => post('/api/payments/sandbox/settle', { orderId: a.openOrders[2], outcome: 'success' }), { refused: settleRefused }),
      deny('peer', 'pays A’s open order at the sandbox checkout', (a) => post('/api/payments/sandbox/settle', { orderId: a.openOrders[2], outcome: 'success' }), { refused: settleRefused }),
    ],
  },
  'POST /api/payments/webhook': {
    // Authenticated by the provider's signature, not a session.
    access: 'public',
    probes: [deny('anonymous', 'forges a captured payment for A’s open order', (a) => forgedCapture(a.openOrders[3]!, 10_300), { refusedWith: [400] })],
  },

  'GET /api/wallet': {
    access: ['learner'],
    sample: () => get('/api/wallet'),
    probes: [
      self('learner', 'asks for A’s wallet by query', (a) => get(`/api/wallet?userId=${a.ids.learner}`), {
        expectSelf: async (body, b) => expect(body.closingBalance.amountMinor).toBe(await balanceOf(b.ids.learner)),
      }),
    ],
  },
  'GET /api/wallet/top-up-presets': { access: ['learner'], sample: () => get('/api/wallet/top-up-presets') },
  'GET /api/wallet/history': {
    access: ['learner'],
    sample: () => get('/api/wallet/history'),
    probes: [
      self('learner', 'asks for A’s wallet history by query', (a) => get(`/api/wallet/history?userId=${a.ids.learner}&limit=50`), {
        expectSelf: async (body, b) => expect(body.total).toBe(await entryCountOf(b.ids.learner)),
      }),
    ],
  },
  'GET /api/offers': { access: ['learner'], sample: () => get('/api/offers?couponValidFor=Wallet') },
  // A peer-only account sees only the Peer Learning plans (the catalogue, nobody's resource).
  'GET /api/plans': { access: ['learner', 'peer'], sample: () => get('/api/plans') },
  // :id is a plan of the public catalogue, not anybody's resource.
  'POST /api/plans/:id/buy-with-wallet': { access: ['learner'], sample: () => post(`/api/plans/${RANDOM_ID}/buy-with-wallet`, { currentSubscriptionId: null }) },
  'GET /api/referrals': {
    access: ['learner'],
    sample: () => get('/api/referrals'),
    probes: [self('learner', 'asks for A’s referrals by query', (a) => get(`/api/referrals?userId=${a.ids.learner}`), { expectSelf: (body, b) => expect(body.code).toBe(b.referralCode) })],
  },

  // The affiliate area: each affiliate reads and changes only their own figures, details and payouts.
  // (Side B's affiliate is the pending one, so its link answers 403: spec §4.)
  'POST /api/affiliate/visits': { access: 'public' },
  // A learner's own referrer only: the caller's id comes from the session, never from the request.
  'GET /api/affiliate/referrer': {
    access: ['learner'],
    sample: () => get('/api/affiliate/referrer'),
    probes: [self('learner', 'asks for A’s referrer by query', (a) => get(`/api/affiliate/referrer?learnerId=${a.ids.learner}`), { expectSelf: (body) => expect(body).toEqual({ referralCode: null }) })],
  },
  'GET /api/affiliate/profile': {
    access: ['influencer'],
    sample: () => get('/api/affiliate/profile'),
    probes: [self('influencer', 'asks for A’s profile by query', (a) => get(`/api/affiliate/profile?userId=${a.ids.influencer}`), { expectSelf: (body) => expect(body.status).toBe('Pending') })],
  },
  'GET /api/affiliate/link': {
    access: ['influencer'],
    sample: () => get('/api/affiliate/link'),
    probes: [deny('influencer', 'asks for a link while pending, naming A', (a) => get(`/api/affiliate/link?userId=${a.ids.influencer}`), { refusedWith: [403] })],
  },
  'GET /api/affiliate/dashboard': {
    access: ['influencer'],
    sample: () => get('/api/affiliate/dashboard'),
    probes: [self('influencer', 'asks for A’s dashboard by query', (a) => get(`/api/affiliate/dashboard?userId=${a.ids.influencer}`), { expectSelf: (body) => expect(body.status).toBe('Pending') })],
  },
  'GET /api/affiliate/series': { access: ['influencer'], sample: () => get('/api/affiliate/series?days=30') },
  'GET /api/affiliate/earnings': { access: ['influencer'], sample: () => get('/api/affiliate/earnings') },
  'GET /api/affiliate/bank-details': { access: ['influencer'], sample: () => get('/api/affiliate/bank-details') },
  'PUT /api/affiliate/bank-details': {
    access: ['influencer'],
    sample: () => put('/api/affiliate/bank-details', { kind: 'IN', accountHolder: 'Gate Holder', accountNumber: '123456789', ifsc: 'HDFC0001234' }),
  },
  'GET /api/affiliate/payouts': { access: ['influencer'], sample: () => get('/api/affiliate/payouts') },
  'POST /api/affiliate/payouts': { access: ['influencer'], sample: () => post('/api/affiliate/payouts', { amountMinor: 100_000 }) },

  'POST /api/kids/buy-sessions': {
    access: ['learner'],
    sample: () => post('/api/kids/buy-sessions', { subject: 'English', learnerId: RANDOM_ID, sessionsBought: 1 }),
    probes: [
      deny('learner', 'buys sessions for A’s kid', (a) => post('/api/kids/buy-sessions', { subject: 'English', learnerId: a.ids.kid, sessionsBought: 1 }), {
        control: (b) => post('/api/kids/buy-sessions', { subject: 'English', learnerId: b.ids.kid, sessionsBought: 1 }),
      }),
      deny('learner', 'buys kids’ sessions for learner A', (a) => post('/api/kids/buy-sessions', { subject: 'English', learnerId: a.ids.learner, sessionsBought: 1 })),
    ],
  },
  'GET /api/kids/buy-sessions/quote': {
    access: ['learner'],
    sample: (b) => get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${b.ids.kid}&sessionsBought=1`),
    probes: [
      deny('learner', 'prices sessions for A’s kid', (a) => get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${a.ids.kid}&sessionsBought=1`), {
        control: (b) => get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${b.ids.kid}&sessionsBought=1`),
      }),
      deny('learner', 'prices kids’ sessions for learner A', (a) => get(`/api/kids/buy-sessions/quote?subject=English&learnerId=${a.ids.learner}&sessionsBought=1`)),
    ],
  },
  'GET /api/kids/:kidId/subjects': {
    access: ['learner', 'kid'],
    sample: (b) => get(`/api/kids/${b.ids.kid}/subjects`),
    probes: [
      deny('learner', 'reads A’s kid’s session balances', (a) => get(`/api/kids/${a.ids.kid}/subjects`), { control: (b) => get(`/api/kids/${b.ids.kid}/subjects`) }),
      deny('kid', 'reads A’s kid’s session balances', (a) => get(`/api/kids/${a.ids.kid}/subjects`), { control: (b) => get(`/api/kids/${b.ids.kid}/subjects`) }),
      deny('kidViaParent', 'reads A’s kid’s session balances', (a) => get(`/api/kids/${a.ids.kid}/subjects`), { control: (b) => get(`/api/kids/${b.ids.kid}/subjects`) }),
      deny('learner', 'reads learner A’s “kid” balances', (a) => get(`/api/kids/${a.ids.learner}/subjects`)),
    ],
  },

  'POST /room/v1/initiate': {
    access: ['learner', 'kid'],
    sample: (b) => post('/room/v1/initiate', { teacherId: b.ids.teacher }),
    probes: [
      deny('learner', 'opens a room with learner A as the “tutor”', (a) => post('/room/v1/initiate', { teacherId: a.ids.learner }), {
        control: (b) => post('/room/v1/initiate', { teacherId: b.ids.teacher }),
      }),
      deny('kid', 'opens a room with A’s kid as the “tutor”', (a) => post('/room/v1/initiate', { teacherId: a.ids.kid })),
    ],
  },
  'GET /room/v1': {
    access: ['learner', 'kid', 'teacher'],
    sample: () => get('/room/v1'),
    probes: [
      self('learner', 'lists its rooms', () => get('/room/v1'), { expectSelf: (body, b) => expect(idsIn(body.rooms)).toContain(b.roomId) }),
      self('kid', 'lists its rooms', () => get('/room/v1'), { expectSelf: (body, b) => expect(idsIn(body.rooms)).toContain(b.kidRoomId) }),
      self('teacher', 'lists its rooms', () => get('/room/v1'), { expectSelf: (body, b) => expect(idsIn(body.rooms)).toEqual(expect.arrayContaining([b.roomId, b.kidRoomId])) }),
    ],
  },
  'GET /room/v1/:id': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(`/room/v1/${b.roomId}`),
    probes: [
      deny('learner', 'reads A’s room', (a) => get(`/room/v1/${a.roomId}`), { control: (b) => get(`/room/v1/${b.roomId}`) }),
      deny('learner', 'reads A’s kid’s room', (a) => get(`/room/v1/${a.kidRoomId}`)),
      deny('kid', 'reads A’s kid’s room', (a) => get(`/room/v1/${a.kidRoomId}`), { control: (b) => get(`/room/v1/${b.kidRoomId}`) }),
      deny('kid', 'reads A’s room', (a) => get(`/room/v1/${a.roomId}`)),
      deny('teacher', 'reads A’s room', (a) => get(`/room/v1/${a.roomId}`), { control: (b) => get(`/room/v1/${b.roomId}`) }),
      deny('teacher', 'reads A’s kid’s room', (a) => get(`/room/v1/${a.kidRoomId}`)),
    ],
  },
  'PUT /room/v1/message': {
    access: ['learner', 'kid', 'teacher'],
    sample: () => put('/room/v1/message', { messageId: RANDOM_ID, status: 'Rejected' }),
    probes: [
      deny('teacher', 'books A’s chat request', (a) => put('/room/v1/message', { messageId: a.requestMessageId, status: 'Booked' }), {
        control: (b) => put('/room/v1/message', { messageId: b.requestMessageId, status: 'Rejected' }),
      }),
      deny('learner', 'books A’s chat request', (a) => put('/room/v1/message', { messageId: a.requestMessageId, status: 'Booked' })),
      deny('kid', 'rejects A’s chat request', (a) => put('/room/v1/message', { messageId: a.requestMessageId, status: 'Rejected' })),
    ],
  },
  'POST /room/v1/sendFile': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => upload(b.roomId),
    probes: [
      deny('teacher', 'sends a file into A’s room', (a) => upload(a.roomId), { control: (b) => upload(b.roomId) }),
      deny('learner', 'sends a file into A’s room', (a) => upload(a.roomId)),
      deny('kid', 'sends a file into A’s kid’s room', (a) => upload(a.kidRoomId)),
    ],
  },
  'GET /room/v1/files/:id': {
    access: ['learner', 'kid', 'teacher'],
    sample: (b) => get(`/room/v1/files/${b.fileMessageId}`),
    probes: [
      deny('learner', 'downloads A’s chat file', (a) => get(`/room/v1/files/${a.fileMessageId}`), { control: (b) => get(`/room/v1/files/${b.fileMessageId}`) }),
      deny('teacher', 'downloads A’s chat file', (a) => get(`/room/v1/files/${a.fileMessageId}`), { control: (b) => get(`/room/v1/files/${b.fileMessageId}`) }),
      deny('kid', 'downloads A’s chat file', (a) => get(`/room/v1/files/${a.fileMessageId}`)),
    ],
  },

  // Uploaded media: covers are public images; every other file goes through the feature that guards it.
  'GET /api/media/:id': {
    access: 'public',
    probes: [
      deny('anonymous', 'reads A’s draft PDF through the public image route', (a) => get(`/api/media/${a.courses.draftMediaId}`), {
        control: (b) => get(`/api/media/${b.courses.coverMediaId}`),
      }),
      deny('learner', 'reads A’s paid lesson video through the public image route', (a) => get(`/api/media/${a.courses.lessonMediaId}`)),
    ],
  },
  'POST /api/creator/media': {
    access: ['creator'],
    sample: () => mediaUpload(),
    probes: [
      self('creator', 'uploads naming creator A as the owner', (a) => mediaUpload({ ownerId: a.ids.creator }), {
        expectSelf: async (body, b) => {
          const [row] = await t.ctx.db.select({ ownerId: mediaFiles.ownerId }).from(mediaFiles).where(eq(mediaFiles.id, body._id));
          expect(row?.ownerId).toBe(b.ids.creator);
        },
      }),
    ],
  },
  'GET /api/creator/media/:id': {
    access: ['creator'],
    sample: (b) => get(`/api/creator/media/${b.courses.draftMediaId}`),
    probes: [
      deny('creator', 'reads A’s draft upload', (a) => get(`/api/creator/media/${a.courses.draftMediaId}`), { control: (b) => get(`/api/creator/media/${b.courses.draftMediaId}`) }),
      deny('creator', 'reads A’s paid lesson file by its upload id', (a) => get(`/api/creator/media/${a.courses.lessonMediaId}`)),
      deny('creator', 'reads A’s cover through the creators’ route', (a) => get(`/api/creator/media/${a.courses.coverMediaId}`)),
    ],
  },
  // The development outbox (never served in production) lists everyone's mail by design.
  'GET /api/dev/outbox': { access: 'public', seesEveryone: true },

  // Learning: progress, lesson files, certificates, bonus files and the free library.
  'POST /api/course/analytics/start': {
    access: ['learner'],
    sample: (b) => post('/api/course/analytics/start', { courseId: b.courses.courseId, lessonId: b.courses.paidLessonId }),
    probes: [
      deny('learner', 'starts a paid lesson of the course A owns', (a) => post('/api/course/analytics/start', { courseId: a.courses.courseId, lessonId: a.courses.paidLessonId }), {
        control: (b) => post('/api/course/analytics/start', { courseId: b.courses.courseId, lessonId: b.courses.paidLessonId }),
      }),
      self('learner', 'starts the preview lesson of A’s course: only B’s progress moves', (a) => post('/api/course/analytics/start', { courseId: a.courses.courseId, lessonId: a.courses.previewLessonId }), {
        expectSelf: (body) => expect(body).toMatchObject({ completed: false, secondsSpent: 0 }),
      }),
    ],
  },
  'PUT /api/course/analytics/update': {
    access: ['learner'],
    sample: (b) => put('/api/course/analytics/update', beat(b.courses.courseId, b.courses.paidLessonId)),
    probes: [
      deny('learner', 'records time in a paid lesson of the course A owns', (a) => put('/api/course/analytics/update', beat(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => put('/api/course/analytics/update', beat(b.courses.courseId, b.courses.paidLessonId)),
      }),
    ],
  },
  'GET /api/course/analytics/course/:id': {
    access: ['learner'],
    sample: (b) => get(`/api/course/analytics/course/${b.courses.courseId}`),
    probes: [
      // A course with a preview lesson answers anyone about their own place in it.
      self('learner', 'reads progress in the course A finished', (a) => get(`/api/course/analytics/course/${a.courses.courseId}`), {
        expectSelf: (body) => {
          expect(body).toMatchObject({ progressPercent: 0, certificateId: null });
          expect(body.lessons.filter((l: any) => l.completed)).toEqual([]);
        },
      }),
      deny('learner', 'reads progress in A’s cart course, which has no preview', (a) => get(`/api/course/analytics/course/${a.courses.cartCourseId}`), {
        control: (b) => get(`/api/course/analytics/course/${b.courses.courseId}`),
      }),
    ],
  },
  'POST /api/course/analytics/:id/complete': {
    access: ['learner'],
    sample: (b) => post(`/api/course/analytics/${b.courses.courseId}/complete`, { lessonId: b.courses.paidLessonId }),
    probes: [
      deny('learner', 'completes a paid lesson of the course A owns', (a) => post(`/api/course/analytics/${a.courses.courseId}/complete`, { lessonId: a.courses.paidLessonId }), {
        control: (b) => post(`/api/course/analytics/${b.courses.courseId}/complete`, { lessonId: b.courses.paidLessonId }),
      }),
      deny('learner', 'completes the preview lesson of A’s course', (a) => post(`/api/course/analytics/${a.courses.courseId}/complete`, { lessonId: a.courses.previewLessonId })),
    ],
  },
  'GET /api/courses/:courseId/lessons/:lessonId/file': {
    // Preview lessons open logged out; everything else is the owner's, the creator's or a moderator's.
    access: 'public',
    probes: [
      deny('anonymous', 'opens a paid lesson file of A’s course', (a) => get(lessonFile(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonFile(b.courses.courseId, b.courses.previewLessonId)),
      }),
      open('anonymous', 'opens the preview lesson file of A’s course', (a) => get(lessonFile(a.courses.courseId, a.courses.previewLessonId))),
      deny('learner', 'opens a paid lesson file of the course A owns', (a) => get(lessonFile(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonFile(b.courses.courseId, b.courses.paidLessonId)),
      }),
      deny('learner', 'opens it naming its live version', (a) => get(lessonFile(a.courses.courseId, a.courses.paidLessonId, a.courses.versionId))),
      deny('learner', 'opens the preview lesson of A’s unpublished draft', (a) => get(lessonFile(a.courses.draftCourseId, a.courses.draftLessonId, a.courses.draftVersionId))),
      deny('anonymous', 'opens the preview lesson of A’s unpublished draft', (a) => get(lessonFile(a.courses.draftCourseId, a.courses.draftLessonId, a.courses.draftVersionId))),
      deny('creator', 'opens a paid lesson file of creator A’s course', (a) => get(lessonFile(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonFile(b.courses.courseId, b.courses.paidLessonId)),
      }),
      deny('creator', 'opens creator A’s draft lesson', (a) => get(lessonFile(a.courses.draftCourseId, a.courses.draftLessonId, a.courses.draftVersionId)), {
        control: (b) => get(lessonFile(b.courses.draftCourseId, b.courses.draftLessonId, b.courses.draftVersionId)),
      }),
      deny('creator', 'opens creator A’s draft lesson under its own course', (a, b) => get(lessonFile(b.courses.courseId, a.courses.draftLessonId, a.courses.draftVersionId))),
    ],
  },
  'GET /api/courses/:courseId/lessons/:lessonId/captions': {
    // A video lesson's captions go to whoever may open its video.
    access: 'public',
    probes: [
      deny('anonymous', 'opens the captions of a paid lesson of A’s course', (a) => get(lessonCaptions(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonCaptions(b.courses.courseId, b.courses.previewLessonId)),
      }),
      open('anonymous', 'opens the captions of the preview lesson of A’s course', (a) => get(lessonCaptions(a.courses.courseId, a.courses.previewLessonId))),
      deny('learner', 'opens the captions of a paid lesson of the course A owns', (a) => get(lessonCaptions(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonCaptions(b.courses.courseId, b.courses.paidLessonId)),
      }),
      deny('learner', 'opens them naming its live version', (a) => get(lessonCaptions(a.courses.courseId, a.courses.paidLessonId, a.courses.versionId))),
      deny('creator', 'opens the captions of a paid lesson of creator A’s course', (a) => get(lessonCaptions(a.courses.courseId, a.courses.paidLessonId)), {
        control: (b) => get(lessonCaptions(b.courses.courseId, b.courses.paidLessonId)),
      }),
    ],
  },
  'GET /api/certificates': {
    access: ['learner'],
    sample: () => get('/api/certificates'),
    probes: [
      self('learner', 'lists certificates with A’s id in the query', (a) => get(`/api/certificates?userId=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(idsIn(body.items)).toEqual([b.courses.certificateId]),
      }),
    ],
  },
  'GET /api/certificates/:id/pdf': {
    access: ['learner'],
    sample: (b) => get(`/api/certificates/${b.courses.certificateId}/pdf`),
    probes: [
      deny('learner', 'downloads A’s certificate', (a) => get(`/api/certificates/${a.courses.certificateId}/pdf?download=1`), {
        control: (b) => get(`/api/certificates/${b.courses.certificateId}/pdf?download=1`),
      }),
    ],
  },
  'GET /api/certificates/verify/:code': {
    // The code is what the certificate prints for anyone to check: its answer names the learner by design.
    access: 'public',
    probes: [
      deny('anonymous', 'checks A’s certificate by its id instead of its code', (a) => get(`/api/certificates/verify/${a.courses.certificateId}`), {
        refusedWith: [400, 404],
        control: (b) => get(`/api/certificates/verify/${b.courses.certificateCode.toLowerCase()}`),
      }),
    ],
  },
  // The curriculum: a learner's own path; a curriculum session's topic for its learner and tutor only
  // (features/curriculum/curriculum.test.ts also probes another tutor and another learner on a real one).
  'GET /api/curriculum': { access: ['learner'], sample: () => get('/api/curriculum') },
  'GET /api/curriculum/progress': { access: ['learner'], sample: () => get('/api/curriculum/progress') },
  'POST /api/curriculum/sessions': {
    access: ['learner'],
    sample: () => post('/api/curriculum/sessions', {}),
    probes: [deny('learner', 'books a curriculum session in A’s name', (a, b) => post('/api/curriculum/sessions', { ...booking(b, a.ids.learner, false), subject: 'Curriculum', type: undefined, topicId: RANDOM_ID, level: 'A1' }), { refusedWith: [404] })],
  },
  'GET /api/curriculum/sessions': {
    access: ['learner', 'teacher'],
    sample: () => get(`/api/curriculum/sessions?ids=${RANDOM_ID}`),
    probes: (['learner', 'teacher'] as const).map((as) =>
      self(as, 'lists the topics of A’s session beside its own', (a, b) => get(`/api/curriculum/sessions?ids=${a.sessionId},${b.sessionId}`), {
        expectSelf: (body) => expect(body.items).toEqual([]),
      }),
    ),
  },
  'GET /api/curriculum/sessions/:id': {
    access: ['learner', 'teacher'],
    sample: () => get(`/api/curriculum/sessions/${RANDOM_ID}`),
    probes: [
      deny('learner', 'reads A’s session as a curriculum session', (a) => get(`/api/curriculum/sessions/${a.sessionId}`), { refusedWith: [404] }),
      deny('teacher', 'reads A’s session as a curriculum session', (a) => get(`/api/curriculum/sessions/${a.sessionId}`), { refusedWith: [404] }),
    ],
  },
  'POST /api/curriculum/sessions/:id/review': {
    access: ['teacher'],
    sample: () => post(`/api/curriculum/sessions/${RANDOM_ID}/review`, { kind: 'topic', completed: true, note: 'Probe note.' }),
    probes: [deny('teacher', 'marks A’s session', (a) => post(`/api/curriculum/sessions/${a.sessionId}/review`, { kind: 'topic', completed: true, note: 'Probe note.' }), { refusedWith: [404] })],
  },
  'GET /api/workshop-details/get-bonus': {
    access: ['learner'],
    sample: () => get('/api/workshop-details/get-bonus'),
    probes: [
      self('learner', 'lists bonus files with A’s id in the query', (a) => get(`/api/workshop-details/get-bonus?userId=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(body.items.map((i: any) => i.courseId)).toEqual([b.courses.courseId]),
      }),
    ],
  },
  'GET /api/workshop-details/download-bonus': {
    access: ['learner'],
    sample: (b) => get(bonusFile(b.courses.bonusName, b.courses.courseId)),
    probes: [
      deny('learner', 'downloads the bonus of the course A owns', (a) => get(bonusFile(a.courses.bonusName, a.courses.courseId)), {
        control: (b) => get(bonusFile(b.courses.bonusName, b.courses.courseId)),
      }),
      deny('learner', 'downloads A’s bonus by its name alone', (a) => get(bonusFile(a.courses.bonusName)), { control: (b) => get(bonusFile(b.courses.bonusName)) }),
      deny('learner', 'downloads A’s bonus naming its own course', (a, b) => get(bonusFile(a.courses.bonusName, b.courses.courseId))),
    ],
  },
  'GET /api/library/getVideos': { access: ['learner', 'kid'], sample: () => get('/api/library/getVideos') },
  // The library is free for every learner and kid: no one's resource.
  'GET /api/library/videos/:id/file': { access: ['learner', 'kid'], sample: (b) => get(`/api/library/videos/${b.courses.libraryVideoId}/file`) },

  // Courses: the public catalogue and course page; cart, purchases, gifts and subscriptions are the learner's own.
  'GET /api/courses/getAllCourses': {
    access: 'public',
    probes: [
      open('learner', 'lists the catalogue', () => get('/api/courses/getAllCourses?limit=100')),
      open('anonymous', 'searches for A’s draft by its title', (a) => get(`/api/courses/getAllCourses?search=${encodeURIComponent(a.courses.draft.title)}`), {
        expectSelf: (body) => expect(body.items).toEqual([]),
      }),
      open('learner', 'searches for A’s course in review by its title', () => get(`/api/courses/getAllCourses?search=${encodeURIComponent('Matrix review A')}`), {
        expectSelf: (body) => expect(body.items).toEqual([]),
      }),
    ],
  },
  'POST /api/courses/v2/getCourseData': {
    access: 'public',
    probes: [
      open('learner', 'opens the page of the course A owns and finished', (a) => post('/api/courses/v2/getCourseData', { courseId: a.courses.courseId, userId: a.ids.learner }), {
        expectSelf: withoutAccess,
      }),
      open('anonymous', 'opens the page of the course A owns and finished', (a) => post('/api/courses/v2/getCourseData', { courseId: a.courses.courseId }), { expectSelf: withoutAccess }),
      open('learner', 'opens the page of the course in A’s cart', (a) => post('/api/courses/v2/getCourseData', { courseId: a.courses.cartCourseId }), {
        expectSelf: (body) => expect(body.inCart).toBe(false),
      }),
      deny('anonymous', 'opens A’s draft course', (a) => post('/api/courses/v2/getCourseData', { courseId: a.courses.draftCourseId }), {
        control: (b) => post('/api/courses/v2/getCourseData', { courseId: b.courses.courseId }),
      }),
      deny('learner', 'opens A’s course in review', (a) => post('/api/courses/v2/getCourseData', { courseId: a.courses.reviewCourseId })),
    ],
  },
  'POST /api/courses/addToCart': {
    access: ['learner'],
    sample: (b) => post('/api/courses/addToCart', { courseId: b.courses.cartCourseId }),
    probes: [
      self('learner', 'adds the course in A’s cart, naming A', (a) => post('/api/courses/addToCart', { courseId: a.courses.cartCourseId, userId: a.ids.learner, learnerId: a.ids.learner }), {
        expectSelf: (body, b) => expect(idsIn(body.courses).sort()).toEqual([w.a.courses.cartCourseId, b.courses.cartCourseId].sort()),
      }),
      deny('learner', 'adds A’s draft course', (a) => post('/api/courses/addToCart', { courseId: a.courses.draftCourseId }), {
        control: (b) => post('/api/courses/addToCart', { courseId: b.courses.cartCourseId }),
      }),
    ],
  },
  'POST /api/courses/removeFromCart': {
    access: ['learner'],
    sample: () => post('/api/courses/removeFromCart', { courseId: RANDOM_ID }),
    probes: [
      self('learner', 'takes the course in A’s cart out, naming A: only B’s cart changes', (a) => post('/api/courses/removeFromCart', { courseId: a.courses.cartCourseId, userId: a.ids.learner }), {
        expectSelf: (body, b) => expect(idsIn(body.courses)).toEqual([b.courses.cartCourseId]),
      }),
    ],
  },
  'GET /api/courses/getCartDetails': {
    access: ['learner'],
    sample: () => get('/api/courses/getCartDetails'),
    probes: [
      self('learner', 'reads its cart with A’s id in the query', (a) => get(`/api/courses/getCartDetails?userId=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(idsIn(body.courses)).toEqual([b.courses.cartCourseId]),
      }),
    ],
  },
  'POST /api/courses/buyCourse': {
    access: ['learner'],
    // Already owned: refused before any money moves.
    sample: (b) => post('/api/courses/buyCourse', { courseId: b.courses.courseId, method: 'wallet' }),
    probes: [
      deny('learner', 'buys A’s draft course', (a) => post('/api/courses/buyCourse', { courseId: a.courses.draftCourseId, method: 'wallet' })),
      self('learner', 'checks out the course in A’s cart naming A as the buyer', (a) => post('/api/courses/buyCourse', { courseId: a.courses.cartCourseId, method: 'checkout', userId: a.ids.learner }), {
        expectSelf: async (body, b) => expect(await orderRow(body.order.id)).toMatchObject({ userId: b.ids.learner, details: { courseIds: [w.a.courses.cartCourseId] } }),
      }),
    ],
  },
  'POST /api/courses/buyCoursesFromCart': {
    access: ['learner'],
    // Nothing of that subject in the cart: refused before any order is made.
    sample: () => post('/api/courses/buyCoursesFromCart', { method: 'checkout', subject: 'Kids' }),
    probes: [
      self('learner', 'checks out its cart naming A', (a) => post('/api/courses/buyCoursesFromCart', { method: 'checkout', userId: a.ids.learner }), {
        expectSelf: async (body, b) => expect(await orderRow(body.order.id)).toMatchObject({ userId: b.ids.learner, details: { courseIds: [b.courses.cartCourseId] } }),
      }),
    ],
  },
  'POST /api/courses/courseGifting': {
    access: ['learner'],
    sample: (b) => post('/api/courses/courseGifting', giftOf(b.courses.cartCourseId)),
    probes: [
      self('learner', 'gifts a course naming A as the giver', (a) => post('/api/courses/courseGifting', { ...giftOf(a.courses.cartCourseId), giverId: a.ids.learner, userId: a.ids.learner }), {
        expectSelf: async (body, b) => {
          const order = await orderRow(body.order.id);
          const [gift] = await t.ctx.db.select({ giverId: courseGifts.giverId }).from(courseGifts).where(eq(courseGifts.id, order!.details.giftId!));
          expect(gift?.giverId).toBe(b.ids.learner);
        },
      }),
      deny('learner', 'gifts A’s draft course', (a) => post('/api/courses/courseGifting', giftOf(a.courses.draftCourseId))),
    ],
  },
  'GET /api/courses/gifts/:code': {
    // The code is the credential: whoever holds the link sees the gift and may redeem it.
    access: 'public',
    probes: [
      deny('anonymous', 'previews a gift with a code nobody was sent', () => get(`/api/courses/gifts/${'Z'.repeat(32)}`), { control: (b) => get(`/api/courses/gifts/${b.courses.giftCode}`) }),
    ],
  },
  'POST /api/courses/gifts/redeem': { access: ['learner'], sample: () => post('/api/courses/gifts/redeem', { code: 'Z'.repeat(32) }) },
  'GET /api/courses/subscription-plans': { access: 'public' },
  'POST /api/courses/buyCourseSubscription': {
    access: ['learner'],
    sample: () => post('/api/courses/buyCourseSubscription', { subject: 'English', method: 'checkout' }),
    probes: [
      self('learner', 'subscribes naming A', (a) => post('/api/courses/buyCourseSubscription', { subject: 'Kids', method: 'checkout', userId: a.ids.learner }), {
        expectSelf: async (body, b) => expect(await orderRow(body.order.id)).toMatchObject({ userId: b.ids.learner, purpose: 'CourseSubscription' }),
      }),
    ],
  },
  'POST /api/courses/getAllActiveSubscriptions': {
    access: ['learner'],
    sample: () => post('/api/courses/getAllActiveSubscriptions'),
    probes: [
      self('learner', 'lists subscriptions naming A', (a) => post('/api/courses/getAllActiveSubscriptions', { userId: a.ids.learner }), {
        expectSelf: (body, b) => expect(body.items.map((i: any) => i.subject)).toEqual([b.courses.subscriptionSubject]),
      }),
    ],
  },
  'GET /api/courses/my-courses': {
    access: ['learner'],
    sample: () => get('/api/courses/my-courses'),
    probes: [
      self('learner', 'lists its courses with A’s id in the query', (a) => get(`/api/courses/my-courses?userId=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(idsIn(body.items)).toEqual([b.courses.courseId]),
      }),
    ],
  },
  'GET /api/courses/owned': {
    access: ['learner'],
    sample: () => get('/api/courses/owned'),
    probes: [
      self('learner', 'lists its owned course ids with A’s id in the query', (a) => get(`/api/courses/owned?userId=${a.ids.learner}`), {
        expectSelf: (body, b) => expect(body.courseIds).toEqual([b.courses.courseId]),
      }),
    ],
  },
  'POST /api/courses/rating/:id': {
    access: ['learner'],
    sample: (b) => post(`/api/courses/rating/${b.courses.courseId}`, { stars: 4, review: 'Gate review.' }),
    probes: [
      deny('learner', 'rates the course A owns, which B does not', (a) => post(`/api/courses/rating/${a.courses.courseId}`, { stars: 1, review: 'Probe.' }), {
        control: (b) => post(`/api/courses/rating/${b.courses.courseId}`, { stars: 4, review: 'Own review.' }),
      }),
      deny('learner', 'rates A’s draft course', (a) => post(`/api/courses/rating/${a.courses.draftCourseId}`, { stars: 1, review: '' })),
    ],
  },

  // Authoring: a creator's own courses; another creator's answer 404.
  'GET /api/creator/courses': {
    access: ['creator'],
    sample: () => get('/api/creator/courses'),
    probes: [
      self('creator', 'lists its courses with creator A’s id in the query', (a) => get(`/api/creator/courses?creatorId=${a.ids.creator}`), {
        expectSelf: (body, b) => {
          const ids = idsIn(body.items);
          expect(ids).toEqual(expect.arrayContaining([b.courses.courseId, b.courses.cartCourseId, b.courses.draftCourseId, b.courses.reviewCourseId]));
          expect(ids).not.toContain(w.a.courses.courseId);
        },
      }),
    ],
  },
  'POST /api/creator/courses': {
    access: ['creator'],
    sample: () => post('/api/creator/courses', { subject: 'English', title: 'Gate course' }),
    probes: [
      self('creator', 'creates a course naming creator A', (a) => post('/api/creator/courses', { subject: 'English', title: 'Injected course', creatorId: a.ids.creator }), {
        expectSelf: async (body, b) => {
          const [row] = await t.ctx.db.select({ creatorId: courses.creatorId }).from(courses).where(eq(courses.id, body._id));
          expect(row?.creatorId).toBe(b.ids.creator);
        },
      }),
    ],
  },
  'GET /api/creator/courses/:id': {
    access: ['creator'],
    sample: (b) => get(`/api/creator/courses/${b.courses.draftCourseId}`),
    probes: [
      deny('creator', 'opens creator A’s draft', (a) => get(`/api/creator/courses/${a.courses.draftCourseId}`), { control: (b) => get(`/api/creator/courses/${b.courses.draftCourseId}`) }),
      deny('creator', 'opens creator A’s live course', (a) => get(`/api/creator/courses/${a.courses.courseId}`)),
      deny('creator', 'opens creator A’s course in review', (a) => get(`/api/creator/courses/${a.courses.reviewCourseId}`)),
    ],
  },
  'POST /api/creator/courses/:id/edit': {
    access: ['creator'],
    // A course with an open version answers that one, unchanged.
    sample: (b) => post(`/api/creator/courses/${b.courses.draftCourseId}/edit`),
    probes: [
      deny('creator', 'starts a new version of creator A’s live course', (a) => post(`/api/creator/courses/${a.courses.courseId}/edit`), {
        control: (b) => post(`/api/creator/courses/${b.courses.draftCourseId}/edit`),
      }),
      deny('creator', 'opens creator A’s draft for editing', (a) => post(`/api/creator/courses/${a.courses.draftCourseId}/edit`)),
    ],
  },
  'PUT /api/creator/courses/:id/draft': {
    access: ['creator'],
    sample: (b) => put(draftPath(b.courses.draftCourseId), b.courses.draft),
    probes: [
      deny('creator', 'overwrites creator A’s draft', (a, b) => put(draftPath(a.courses.draftCourseId), b.courses.draft), { control: (b) => put(draftPath(b.courses.draftCourseId), b.courses.draft) }),
      deny('creator', 'overwrites creator A’s course in review', (a, b) => put(draftPath(a.courses.reviewCourseId), b.courses.draft)),
      // Naming A's file in B's draft would let B read it through the lesson file route.
      deny('creator', 'puts A’s draft upload into its own draft', (a, b) => put(draftPath(b.courses.draftCourseId), draftWithLesson(b.courses.draft, { mediaId: a.courses.draftMediaId })), {
        refusedWith: [400],
      }),
      deny('creator', 'puts A’s cover into its own draft', (a, b) => put(draftPath(b.courses.draftCourseId), { ...b.courses.draft, coverMediaId: a.courses.coverMediaId }), { refusedWith: [400] }),
      deny('creator', 'names A’s captions as its own video lesson’s', (a, b) => put(draftPath(b.courses.draftCourseId), draftWithLesson(b.courses.draft, { kind: 'video', mediaId: null, captionsMediaId: a.courses.captionsMediaId })), {
        refusedWith: [400],
      }),
      deny('creator', 'names A’s paid lesson file as a bonus of its own draft', (a, b) => put(draftPath(b.courses.draftCourseId), { ...b.courses.draft, bonuses: [{ bonusName: 'Taken', mediaId: a.courses.lessonMediaId }] }), {
        refusedWith: [400],
      }),
      // Progress is keyed by lesson id: a lesson id of A's course would mix the two courses' progress.
      deny('creator', 'takes a lesson id of A’s course', (a, b) => put(draftPath(b.courses.draftCourseId), draftWithLesson(b.courses.draft, { _id: a.courses.paidLessonId })), {
        refusedWith: [400],
      }),
    ],
  },
  'POST /api/creator/courses/:id/submit': {
    access: ['creator'],
    sample: () => post(`/api/creator/courses/${RANDOM_ID}/submit`),
    probes: [deny('creator', 'submits creator A’s draft for review', (a) => post(`/api/creator/courses/${a.courses.draftCourseId}/submit`))],
  },

  // The moderators' course review: support views over every creator's courses.
  'GET /api/moderator/course-reviews': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/course-reviews') },
  'GET /api/moderator/course-reviews/:versionId': {
    access: ['moderator'],
    seesEveryone: true,
    sample: (b) => get(review(b.courses.reviewVersionId)),
    probes: [
      // A draft never submitted is its creator's alone.
      deny('moderator', 'opens creator A’s draft, never submitted', (a) => get(review(a.courses.draftVersionId)), { control: (b) => get(review(b.courses.reviewVersionId)) }),
    ],
  },
  'GET /api/moderator/course-reviews/:versionId/media/:mediaId': {
    access: ['moderator'],
    seesEveryone: true,
    sample: (b) => get(review(b.courses.reviewVersionId, `/media/${b.courses.reviewMediaId}`)),
    probes: [
      deny('moderator', 'reads creator A’s draft upload through a version in review that does not name it', (a, b) => get(review(b.courses.reviewVersionId, `/media/${a.courses.draftMediaId}`)), {
        control: (b) => get(review(b.courses.reviewVersionId, `/media/${b.courses.reviewMediaId}`)),
      }),
      deny('moderator', 'reads creator A’s upload through A’s draft, never submitted', (a) => get(review(a.courses.draftVersionId, `/media/${a.courses.draftMediaId}`))),
    ],
  },
  'POST /api/moderator/course-reviews/:versionId/approve': {
    access: ['moderator'],
    sample: () => post(review(RANDOM_ID, '/approve')),
    probes: [deny('moderator', 'approves creator A’s draft, never submitted', (a) => post(review(a.courses.draftVersionId, '/approve')), { refusedWith: [404, 409] })],
  },
  'POST /api/moderator/course-reviews/:versionId/reject': {
    access: ['moderator'],
    sample: () => post(review(RANDOM_ID, '/reject'), REASON),
    probes: [deny('moderator', 'rejects creator A’s draft, never submitted', (a) => post(review(a.courses.draftVersionId, '/reject'), REASON), { refusedWith: [404, 409] })],
  },
  'GET /api/moderator/live-courses': { access: ['moderator'], seesEveryone: true, sample: () => get('/api/moderator/live-courses') },
  'POST /api/moderator/courses/:id/unpublish': {
    access: ['moderator'],
    sample: () => post(`/api/moderator/courses/${RANDOM_ID}/unpublish`, REASON),
    probes: [deny('moderator', 'unpublishes creator A’s draft, never live', (a) => post(`/api/moderator/courses/${a.courses.draftCourseId}/unpublish`, REASON), { refusedWith: [404, 409] })],
  },
};

/** The Swagger UI and its documents are one public unit, whatever files it serves. */
const ruleFor = (key: string): RouteRule | undefined => routes[key] ?? (/^GET \/api\/docs(\/|$)/.test(key) ? { access: 'public' } : undefined);

/** The app's clock: real time, but for the classroom test, which moves it into a session's join window. */
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);

let t: TestApp;
let w: World;
let markers: string[];
let baseline: string;
let setupState: string;
/** Probes that changed A's state and may (see Probe.changesA). */
const changedByDesign: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: clock });
  expect(t.ctx.payments.name).toBe('sandbox');
  w = await buildWorld(t);
  const [peerPlanRow] = await t.ctx.db.select({ id: plans.id, priceMinor: plans.priceInrMinor }).from(plans).where(eq(plans.slug, 'peer-monthly'));
  peerPlan = peerPlanRow!;
  const at = new Date();
  const [call] = await t.ctx.db.insert(peerCalls).values({ mode: 'audio', status: 'ended', matchedAt: at, endedAt: at, endReason: 'no-show', durationMs: 0 }).returning({ id: peerCalls.id });
  peerCallOfB = call!.id;
  for (const userId of [w.b.ids.peer, w.b.ids.learner]) await t.ctx.db.insert(peerProfiles).values({ userId, level: 'B1', firstLanguage: 'Tamil' });
  await t.ctx.db.insert(peerCallSides).values([
    { callId: peerCallOfB, side: 'first', userId: w.b.ids.peer, active: false, chargedMinutes: 0, remainingMinutes: 0 },
    { callId: peerCallOfB, side: 'second', userId: w.b.ids.learner, active: false, chargedMinutes: 0, remainingMinutes: 0 },
  ]);
  const slotTimes = (days: number) => ({ startAt: slotStart(days), endAt: new Date(slotStart(days).getTime() + 30 * 60_000), mode: 'audio' as const });
  const [slotA] = await t.ctx.db.insert(peerSlots).values({ hostId: w.a.ids.peer, guestId: w.a.ids.learner, status: 'booked', bookedAt: at, ...slotTimes(2) }).returning({ id: peerSlots.id });
  slotOfA = slotA!.id;
  const [slotB] = await t.ctx.db.insert(peerSlots).values({ hostId: w.b.ids.peer, ...slotTimes(5) }).returning({ id: peerSlots.id });
  slotOfB = slotB!.id;
  markers = await privateMarkers(t, w.a);
  baseline = await snapshotOf(t, w.a);
  setupState = baseline;
});
afterAll(async () => {
  for (const s of w?.sockets ?? []) s.disconnect();
  await t?.close();
});

async function signInLearner(b: Side): Promise<TestClient> {
  const c = t.client();
  const res = await c.post('/api/auth/login', { email: b.learnerEmail, password: b.learnerPassword, role: 'learner' });
  if (res.statusCode !== 200) throw new Error(res.body);
  return c;
}

function forgedCapture(orderId: string, amount: number): Req {
  const entity = { id: 'pay_forged', order_id: orderId, amount, currency: 'INR', status: 'captured' };
  return {
    method: 'POST',
    url: '/api/payments/webhook',
    body: { event: 'payment.captured', payload: { payment: { entity } } },
    headers: { 'x-razorpay-signature': 'f'.repeat(64), 'x-razorpay-event-id': 'evt_forged' },
  };
}

async function trialPrice(): Promise<number> {
  return (await t.client().get('/api/pricing/trial?country=IN&subject=English')).json().price.amountMinor;
}

async function balanceOf(userId: string) {
  const [row] = await t.ctx.db.select({ balance: wallets.balanceMinor }).from(wallets).where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

async function orderRow(orderId: string) {
  const [row] = await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row;
}

/** Of these notification ids, those that are not the user's. */
async function notificationsNotOf(ids: string[], userId: string) {
  if (!ids.length) return [];
  const rows = await t.ctx.db.select({ id: notifications.id }).from(notifications).where(and(inArray(notifications.id, ids), ne(notifications.userId, userId)));
  return rows.map((r) => r.id);
}

async function paidOrderCountOf(userId: string) {
  return (await t.ctx.db.select({ id: paymentOrders.id }).from(paymentOrders).where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'Success')))).length;
}

async function entryCountOf(userId: string) {
  return (await t.ctx.db.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.userId, userId))).length;
}

const actorOf = (name: ActorName): Actor => {
  if (name === 'anonymous' || name === 'revoked' || name === 'orphanedKid') return w[name];
  return w.b.actors[name];
};

/** Sends as `actor`; the browser's cookies are put back, so no answer changes who it is. */
async function call(actor: Actor, req: Req): Promise<Reply> {
  const jar = new Map(actor.client.cookies);
  try {
    return await actor.client.send(req.method, req.url, req.body, { ...actor.headers, ...req.headers });
  } finally {
    actor.client.cookies.clear();
    for (const [k, v] of jar) actor.client.cookies.set(k, v);
  }
}

const show = (req: Req, res: Reply) => `${req.method} ${req.url}${req.body && !Buffer.isBuffer(req.body) ? ` ${JSON.stringify(req.body)}` : ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
const leaksIn = (res: Reply) => markers.filter((m) => res.body.includes(m));

/** What changed in A's stored state since the last look (and makes this the new last look). */
async function changesToA(): Promise<string | null> {
  const now = await snapshotOf(t, w.a);
  if (now === baseline) return null;
  const before = JSON.parse(baseline) as Record<string, string[]>;
  const after = JSON.parse(now) as Record<string, string[]>;
  const lines = Object.keys(after).flatMap((table) => [
    ...after[table]!.filter((row) => !before[table]!.includes(row)).map((row) => `+ ${table} ${row}`),
    ...before[table]!.filter((row) => !after[table]!.includes(row)).map((row) => `- ${table} ${row}`),
  ]);
  baseline = now;
  return lines.join('\n');
}

async function runProbe(probe: Probe): Promise<string[]> {
  const problems: string[] = [];
  const req = await probe.send(w.a, w.b);
  const actor = req.actor ?? actorOf(probe.as);
  const res = await call(actor, req);
  if (probe.kind === 'deny') {
    const refused = probe.refused ? probe.refused(res) : (probe.refusedWith ?? [401, 403, 404]).includes(res.statusCode);
    if (!refused) problems.push(`not refused: ${show(req, res)}`);
  } else if (res.statusCode >= 500) {
    problems.push(`server error: ${show(req, res)}`);
  } else if (probe.expectSelf && res.statusCode < 300) {
    try {
      await probe.expectSelf(res.json(), w.b);
    } catch (error) {
      problems.push(`answer is not about B: ${show(req, res)}\n${String(error)}`);
    }
  }
  const leaked = leaksIn(res);
  if (leaked.length) problems.push(`leaked A's ${leaked.join(', ')}: ${show(req, res)}`);
  const changed = await changesToA();
  if (changed && !probe.changesA) problems.push(`changed A's state after ${show(req, res)}:\n${changed}`);
  if (changed && probe.changesA) changedByDesign.push(`${probe.name} (${probe.changesA})`);
  if (probe.control) {
    const own = probe.control(w.b);
    const ownRes = await call(actor, own);
    if (ownRes.statusCode < 200 || ownRes.statusCode > 299) problems.push(`control on B's own resource failed, so the refusal proves nothing: ${show(own, ownRes)}`);
    const changedByControl = await changesToA();
    if (changedByControl) problems.push(`B's control changed A's state: ${show(own, ownRes)}:\n${changedByControl}`);
  }
  return problems;
}

describe('route list', () => {
  it('has a rule for every route the app serves, and no rule for a route it does not', () => {
    const served = listRoutes(t.app);
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((key) => !ruleFor(key)), 'unclassified routes: add them to the authorization matrix').toEqual([]);
    expect(Object.keys(routes).filter((key) => !served.includes(key)), 'rules for routes the app no longer serves').toEqual([]);
  });
});

const guarded = Object.entries(routes).filter(([, rule]) => rule.access !== 'public');

describe('role gates', () => {
  it.each(guarded)('%s: refused without a session, with a logged-out one (or one its parent’s logout ended) and for other roles', async (_key, rule) => {
    const access = rule.access;
    const refusedActors: ActorName[] = ['anonymous', 'revoked', 'orphanedKid'];
    if (access !== 'signed-in' && access !== 'public') {
      refusedActors.push(...roles.filter((role) => !access.includes(role)));
      // A parent's browser acting as the kid also holds the parent's cookie: it must not open the parent's routes.
      if (!access.includes('kid')) refusedActors.push('kidViaParent');
    }
    const problems: string[] = [];
    for (const name of refusedActors) {
      const req = rule.sample!(w.b);
      const res = await call(actorOf(name), req);
      // Without a live session the answer is 401; a live session of the wrong role may get 403.
      const expected = ['anonymous', 'revoked', 'orphanedKid'].includes(name) ? [401] : [401, 403];
      if (!expected.includes(res.statusCode)) problems.push(`${name}: ${show(req, res)}`);
      if (leaksIn(res).length) problems.push(`${name} saw A's data: ${show(req, res)}`);
    }
    const changed = await changesToA();
    if (changed) problems.push(`changed A's state:\n${changed}`);
    expect(problems).toEqual([]);
  });

  it.each(guarded.filter(([, rule]) => Array.isArray(rule.access)))('%s: lets its own roles through the gate', async (_key, rule) => {
    const allowed: ActorName[] = [...(rule.access as Role[])];
    if (allowed.includes('kid')) allowed.push('kidViaParent');
    const problems: string[] = [];
    for (const name of allowed) {
      const req = rule.sample!(w.b);
      const res = await call(actorOf(name), req);
      if (res.statusCode === 401 || res.statusCode >= 500) problems.push(`${name}: ${show(req, res)}`);
      if (!rule.seesEveryone && leaksIn(res).length) problems.push(`${name} saw A's data: ${show(req, res)}`);
    }
    const changed = await changesToA();
    if (changed) problems.push(`changed A's state:\n${changed}`);
    expect(problems).toEqual([]);
  });

  it('GET /api/auth/me answers each role with its own record and nothing for another role', async () => {
    const problems: string[] = [];
    for (const role of roles) {
      for (const asked of roles) {
        const req = get(`/api/auth/me?role=${asked}`);
        const res = await call(w.b.actors[role], req);
        const ok = role === asked ? res.statusCode === 200 && res.json().user._id === w.b.ids[role] : res.statusCode === 401;
        if (!ok) problems.push(`${role} asking for ${asked}: ${show(req, res)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

const probes = Object.entries(routes).flatMap(([key, rule]) => (rule.probes ?? []).map((probe) => [key, probe.as, probe.name, probe] as const));

describe('B acting on A’s resources', () => {
  it.each(probes)('%s as %s: %s', async (_key, _as, _name, probe) => {
    expect(await runProbe(probe)).toEqual([]);
  });
});

describe('the chat socket', () => {
  const refusedConnection = (cookie: string, role: string) =>
    openSocket(w.baseUrl, cookie, role, w.sockets).then(
      () => 'connected',
      (error: Error) => error.message,
    );

  it('keeps B’s learner, kid and tutor out of A’s rooms', async () => {
    const problems: string[] = [];
    const attempts: [ActorName & Role, string][] = [
      ['learner', w.a.roomId],
      ['learner', w.a.kidRoomId],
      ['kid', w.a.kidRoomId],
      ['teacher', w.a.roomId],
      ['teacher', w.a.kidRoomId],
    ];
    for (const [role, roomId] of attempts) {
      const socket: ChatSocket = await openSocket(w.baseUrl, cookieHeader(w.b.actors[role].client), role, w.sockets);
      const joined = await emitAck(socket, 'join_room', { chatroomId: roomId, afterSeq: 0 });
      if (joined.ok) problems.push(`${role} joined A's room ${roomId}: ${JSON.stringify(joined.data).slice(0, 200)}`);
      const sent = await emitAck(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: 'hello from B' });
      if (sent.ok) problems.push(`${role} posted into A's room ${roomId}`);
      const refusal = new Promise<string>((resolve) => socket.once('error_message', (p) => resolve(p.message)));
      socket.emit('read', { chatroomId: roomId });
      await refusal;
      socket.disconnect();
    }
    const changed = await changesToA();
    if (changed) problems.push(`changed A's state:\n${changed}`);
    expect(problems).toEqual([]);
  });

  it('refuses a socket with no session or a logged-out one', async () => {
    const revokedCookie = cookieHeader(w.revoked.client);
    for (const role of ['learner', 'kid', 'teacher']) {
      expect(await refusedConnection('', role)).toBe('UNAUTHENTICATED');
      expect(await refusedConnection(revokedCookie, role)).toBe('UNAUTHENTICATED');
    }
    expect(await refusedConnection(cookieHeader(w.orphanedKid.client), 'kid')).toBe('UNAUTHENTICATED');
  });
});

describe('the classroom socket', () => {
  const MINUTE = 60_000;
  const notPart = 'You are not part of this session.';
  const joinFirst = 'Join the class first.';
  const offer = { from: 'link-1', description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
  type ClassRole = 'learner' | 'kid' | 'teacher';

  /** Puts the app's clock five minutes before the session starts: its class is open. */
  async function openClassOf(sessionId: string) {
    const [row] = await t.ctx.db.select({ startAt: liveSessions.startAt }).from(liveSessions).where(eq(liveSessions.id, sessionId));
    clockOffsetMs = row!.startAt.getTime() - 5 * MINUTE - Date.now();
  }
  /** A socket of that side's role, and every refusal it is told, in order. */
  async function socketOf(side: Side, role: ClassRole) {
    const socket = await openSocket(w.baseUrl, cookieHeader(side.actors[role].client), role, w.sockets);
    const refusals: string[] = [];
    socket.on('error_message', (p) => refusals.push(p.message));
    /** The refusals once there are `n` of them (or what there is after a few seconds). */
    const refusalsSoFar = async (n: number) => {
      await vi.waitFor(() => expect(refusals.length).toBeGreaterThanOrEqual(n), { timeout: 3_000, interval: 20 }).catch(() => undefined);
      return [...refusals];
    };
    return { socket, refusalsSoFar };
  }
  async function openStretchesOf(sessionIds: string[]) {
    return (await t.ctx.db.select().from(sessionPresence).where(inArray(sessionPresence.sessionId, sessionIds))).filter((s) => s.leftAt === null);
  }

  afterAll(() => {
    clockOffsetMs = 0;
  });

  it('keeps B’s learner, kid, parent and tutor out of A’s classes, whether in their own class or not', async () => {
    const problems: string[] = [];
    const classesOfA: [string, ClassRole[]][] = [
      [w.a.sessionId, ['learner', 'teacher']],
      [w.a.kidSessionId, ['kid', 'teacher']],
    ];
    // A's people are in A's classes, hearing whatever reaches them.
    const heard: string[] = [];
    const inClass: ChatSocket[] = [];
    try {
      for (const [sessionId, members] of classesOfA) {
        await openClassOf(sessionId);
        for (const role of members) {
          const { socket } = await socketOf(w.a, role);
          inClass.push(socket);
          const joined = await emitAck(socket, 'meeting:join', { sessionId });
          expect(joined, `A's ${role} joins its class`).toMatchObject({ ok: true });
          socket.on('meeting:signal', (p) => heard.push(`A's ${role} heard a signal: ${JSON.stringify(p)}`));
          socket.on('meeting:message', (m) => heard.push(`A's ${role} heard a message: ${JSON.stringify(m)}`));
        }
      }
      if (await changesToA()) changedByDesign.push('A’s learner, kid and tutor joined their own classes');

      const attempts: [ClassRole, string][] = [
        ['learner', w.a.sessionId],
        ['learner', w.a.kidSessionId],
        ['kid', w.a.kidSessionId],
        ['kid', w.a.sessionId],
        ['teacher', w.a.sessionId],
        ['teacher', w.a.kidSessionId],
      ];
      // Joined to B's own class first, a join that works, so the refusals are about whose class it is.
      const ownClass: Record<ClassRole, string> = { learner: w.b.sessionId, kid: w.b.kidSessionId, teacher: w.b.sessionId };
      for (const inOwnClass of [false, true]) {
        for (const [role, sessionId] of attempts) {
          const what = `B's ${role}${inOwnClass ? ' (in its own class)' : ''} on A's ${sessionId === w.a.sessionId ? 'session' : 'kid’s session'}`;
          const { socket, refusalsSoFar } = await socketOf(w.b, role);
          const expected = inOwnClass ? [joinFirst, joinFirst] : [notPart, joinFirst, joinFirst];
          if (inOwnClass) {
            await openClassOf(ownClass[role]);
            const own = await emitAck(socket, 'meeting:join', { sessionId: ownClass[role] });
            if (!own.ok) problems.push(`control: B's ${role} could not join its own class: ${own.message}`);
          } else {
            const joined = await emitAck(socket, 'meeting:join', { sessionId });
            if (joined.ok) problems.push(`${what}: joined A's class: ${JSON.stringify(joined.data).slice(0, 200)}`);
            await refusalsSoFar(1);
          }
          socket.emit('meeting:signal', { sessionId, signal: offer });
          await refusalsSoFar(expected.length - 1);
          const sent = await emitAck(socket, 'meeting:message', { sessionId, message: 'hello from B' });
          if (sent.ok) problems.push(`${what}: posted into A's class: ${JSON.stringify(sent.data)}`);
          const refusals = await refusalsSoFar(expected.length);
          if (JSON.stringify(refusals) !== JSON.stringify(expected)) problems.push(`${what}: join, signal and message were answered ${JSON.stringify(refusals)}, not ${JSON.stringify(expected)}`);
          socket.disconnect();
        }
      }
      problems.push(...heard);
      const changed = await changesToA();
      if (changed) problems.push(`changed A's state:\n${changed}`);
    } finally {
      // A leaves; its stretches close (A's own doing).
      for (const socket of inClass) socket.disconnect();
      await vi.waitFor(async () => expect(await openStretchesOf([w.a.sessionId, w.a.kidSessionId])).toEqual([]), { timeout: 10_000, interval: 50 });
      await changesToA();
    }
    expect(problems).toEqual([]);
  });
});

describe('the peer call socket', () => {
  it('keeps B’s peer and learner out of A’s peer call', async () => {
    const problems: string[] = [];
    const callId = await peerCallOf(w.a);
    for (const role of ['peer', 'learner'] as const) {
      const socket = await openSocket(w.baseUrl, cookieHeader(w.b.actors[role].client), role, w.sockets);
      for (const [event, payload] of [
        ['peer:join', { callId }],
        ['peer:message', { callId, message: 'hello from B' }],
        ['peer:hangup', { callId }],
      ] as const) {
        const answer = await emitAck(socket, event, payload);
        if (answer.ok) problems.push(`B's ${role} ${event} on A's call: ${JSON.stringify(answer.data).slice(0, 200)}`);
      }
      socket.disconnect();
    }
    const changed = await changesToA();
    if (changed) problems.push(`changed A's state:\n${changed}`);
    expect(problems).toEqual([]);
  });
});

describe('after everything', () => {
  it('A’s stored state is what it was after setup, but for changes anyone may make by design', async () => {
    expect(await changesToA()).toBeNull();
    if (!changedByDesign.length) expect(await snapshotOf(t, w.a)).toBe(setupState);
  });
});
