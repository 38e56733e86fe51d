import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';
import type { CourseDraftInput, CourseSubject, MediaKind } from '@parley/domain/courses';
import type { Role } from '@parley/domain/roles';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import {
  authSessions,
  certificates,
  chatMessages,
  chatRooms,
  courseCartItems,
  courseEnrolments,
  courseGifts,
  courseRatings,
  courses,
  courseSubscriptions,
  courseVersions,
  favouriteTeachers,
  kidSessionBalances,
  lessonProgress,
  liveSessions,
  loginLinks,
  mailOutbox,
  mediaFiles,
  meetingMessages,
  notifications,
  paymentOrders,
  peerBalances,
  peerCallMessages,
  peerCalls,
  peerCallSides,
  peerMinuteEntries,
  peerProfiles,
  peerQueue,
  peerRatings,
  peerReports,
  plans,
  referrals,
  sandboxOrders,
  sessionPresence,
  subscriptions,
  teacherAvailability,
  teacherDaysOff,
  teachers,
  users,
  walletEntries,
  wallets,
} from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/seed';
import { cookieName } from '../http/auth';
import { createLiveCourse } from './course-fixtures';
import type { TestApp, TestClient } from './harness';
import { buyPlan } from './wallet-money';

// Two users per role, each with their own resources, so a test can act as B on A's ids.

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ActorName = Role | 'kidViaParent' | 'anonymous' | 'revoked' | 'orphanedKid';
/** A browser: its cookie jar, and headers it adds (a parent's browser acting as the kid sends x-parley-as). */
export type Actor = { client: TestClient; headers: Record<string, string> };
export type FreeSlot = { date: string; start: string; end: string; startAt: string; durationMin: number };

export type Side = {
  label: 'A' | 'B';
  actors: Record<Role | 'kidViaParent', Actor>;
  ids: Record<Role, string>;
  /** Each role's sign-in email (a kid has none). */
  emails: Record<Exclude<Role, 'kid'>, string>;
  learnerEmail: string;
  learnerPassword: string;
  learnerName: string;
  kidName: string;
  referralCode: string;
  secretText: string;
  roomId: string;
  kidRoomId: string;
  sessionId: string;
  kidSessionId: string;
  /** More booked sessions, one per control that cancels or moves one of B's (A's are only probed). */
  spareSessions: SpareSessions;
  /** A session the side’s tutor cancelled, and the learner’s notification of it. */
  tutorCancelledSessionId: string;
  notificationId: string;
  requestMessageId: string;
  fileMessageId: string;
  paid: { orderId: string; paymentId: string; signature: string };
  /** Wallet orders left unpaid, one per probe that would change one. */
  openOrders: string[];
  /** A demo checkout the learner started while signed in, unpaid. */
  demoOrderId: string;
  /** Slots of this side's tutor nobody booked (a learner's, and a kid's longer one). */
  freeSlot: FreeSlot;
  freeKidSlot: FreeSlot;
  /** Another free slot of the tutor, as long as the learner's sessions: where a control moves one. */
  rescheduleSlot: FreeSlot;
  availability: { ranges: { weekday: number; startMinute: number; endMinute: number }[]; daysOff: string[] };
  /** The tutor's profile as /api/teacher/profile answers it. */
  tutorProfile: { bio: string; tags: string[]; country: string; timezone: string };
  /** A moderator-issued login link for this side's learner, unused. */
  loginLink: { learnerId: string; token: string };
  courses: CourseSide;
};

export type SpareSessions = {
  /** The learner's: one its learner cancels, one its tutor cancels, one its learner moves. */
  learnerCancel: string;
  tutorCancel: string;
  reschedule: string;
  /** The kid's: one the kid cancels, one the parent (signed in as the learner) cancels. */
  kidCancel: string;
  parentCancel: string;
};

/** What this side's learner and creator have of courses (all of the side's creator). */
export type CourseSide = {
  /** A live course the learner bought and finished: progress, a rating, a certificate, a bonus file. */
  courseId: string;
  versionId: string;
  /** A video lesson that is not a preview, and a video preview lesson anyone may open; both have the video and captions below. */
  paidLessonId: string;
  previewLessonId: string;
  lessonMediaId: string;
  captionsMediaId: string;
  bonusName: string;
  bonusMediaId: string;
  certificateId: string;
  certificateCode: string;
  /** A live course without preview lessons, in the learner's cart. */
  cartCourseId: string;
  /** The learner's active course subscription. */
  subscriptionSubject: CourseSubject;
  /** A course the learner paid for someone else, not redeemed: the code only the e-mail holds. */
  giftCode: string;
  /** An image upload (covers are public by design). */
  coverMediaId: string;
  /** The creator's course that was never submitted, with a preview PDF lesson only its creator may open. */
  draftCourseId: string;
  draftVersionId: string;
  draftLessonId: string;
  draftMediaId: string;
  draft: CourseDraftInput;
  /** The creator's course waiting for review, and the PDF it names. */
  reviewCourseId: string;
  reviewVersionId: string;
  reviewMediaId: string;
  /** A free library video that kids may open too. */
  libraryVideoId: string;
};

export type World = {
  a: Side;
  b: Side;
  anonymous: Actor;
  /** Holds a cookie of every role whose session was logged out. */
  revoked: Actor;
  /** Holds a kid cookie whose parent's session was logged out since. */
  orphanedKid: Actor;
  baseUrl: string;
  sockets: ChatSocket[];
};

const TIME_ZONE = 'Asia/Kolkata';
// Both teach kids' English: each side books its kid a session with its tutor.
const tutors = { A: 'tutor@parley.test', B: 'meera.kapoor@parley.test' } as const;
const otherAccounts = {
  A: { peer: 'peer@parley.test', influencer: 'affiliate@parley.test', moderator: 'moderator@parley.test', creator: 'creator@parley.test' },
  B: { peer: 'peer.b@example.com', influencer: 'affiliate.pending@parley.test', moderator: 'moderator.b@example.com', creator: 'creator.b@example.com' },
} as const;

export const providerPath = (t: TestApp) => `/api/${t.ctx.payments.name}`;

export const wallet = (amount: number) => ({ amount, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet', paymentDetails: {} } });
export const demo = (amount: number, learnerID?: string) => ({
  amount,
  payment_capture: 1,
  currency: 'INR',
  notes: { type: 'Demo', ...(learnerID ? { learnerID } : {}), paymentDetails: { subject: 'English' } },
});

export async function buildWorld(t: TestApp): Promise<World> {
  const baseUrl = await t.listen();
  const sockets: ChatSocket[] = [];
  await addSecondStaffAccounts(t);
  const a = await buildSide(t, 'A', baseUrl, sockets);
  const b = await buildSide(t, 'B', baseUrl, sockets);
  return {
    a,
    b,
    anonymous: { client: t.client(), headers: {} },
    revoked: { client: await revokedBrowser(t, a), headers: {} },
    orphanedKid: { client: await orphanedKid(t, a), headers: {} },
    baseUrl,
    sockets,
  };
}

/** A kid session opened by a parent who has logged out since: the parent's logout ends it too. */
async function orphanedKid(t: TestApp, a: Side): Promise<TestClient> {
  const parent = t.client();
  expectOk(await parent.post('/api/auth/login', { email: a.learnerEmail, password: a.learnerPassword, role: 'learner' }), 'learner login');
  expectOk(await parent.post('/api/learner/findKidById', { learnerId: a.ids.kid }), 'kid session');
  const kid = t.client();
  kid.cookies.set(cookieName('kid'), parent.cookies.get(cookieName('kid'))!);
  expectOk(await parent.post('/api/auth/logout', { role: 'learner' }), 'parent logout');
  return kid;
}

/** The seed has one moderator and one creator; a second of each signs in with the same password. */
async function addSecondStaffAccounts(t: TestApp) {
  const [seeded] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'moderator@parley.test'));
  for (const role of ['moderator', 'creator'] as const) {
    await t.ctx.db.insert(users).values({ role, email: otherAccounts.B[role], passwordHash: seeded!.hash, name: `Second ${role}` });
  }
  const peer = t.client();
  const res = await peer.post('/api/auth/peer-signup', { name: 'Peer Bee', email: otherAccounts.B.peer, password: DEMO_PASSWORD, country: 'IN', timezone: TIME_ZONE });
  if (res.statusCode !== 201) throw new Error(`peer sign-up: ${res.body}`);
}

async function buildSide(t: TestApp, label: 'A' | 'B', baseUrl: string, sockets: ChatSocket[]): Promise<Side> {
  const tag = label.toLowerCase();
  const parent = await newParent(t, label);
  const kid = await newKid(t, parent.learner, label === 'A' ? 'Kiddo Alphaa' : 'Kiddo Betabb');
  const tutor = await t.signIn(tutors[label], 'teacher');
  const tutorId = await idOf(tutor, 'teacher');
  const roomId = expectOk(await parent.learner.post('/room/v1/initiate', { teacherId: tutorId }), 'room').json().room._id as string;
  const kidRoomId = expectOk(await kid.client.post('/room/v1/initiate', { teacherId: tutorId }), 'kid room').json().room._id as string;
  const sessionId = await book(parent.learner, parent.learnerId, tutorId, false);
  const kidSessionId = await book(kid.client, kid.kidId, tutorId, true);
  const chat = await chatIn(baseUrl, sockets, parent.learner, roomId, tutorId, label);
  const file = expectOk(await tutor.send('POST', '/room/v1/sendFile', ...multipartFile(roomId, `notes-${tag}.pdf`)), 'file');
  const spareSessions: SpareSessions = {
    learnerCancel: await book(parent.learner, parent.learnerId, tutorId, false),
    tutorCancel: await book(parent.learner, parent.learnerId, tutorId, false),
    reschedule: await book(parent.learner, parent.learnerId, tutorId, false),
    kidCancel: await book(kid.client, kid.kidId, tutorId, true),
    parentCancel: await book(kid.client, kid.kidId, tutorId, true),
  };
  const cancelled = await cancelledByTutor(parent.learner, parent.learnerId, tutor, tutorId);
  const staff = await staffOf(t, label, parent.learnerId);
  const actor = (client: TestClient, headers: Record<string, string> = {}): Actor => ({ client, headers });
  return {
    label,
    actors: {
      learner: actor(parent.learner),
      kid: actor(kid.client),
      kidViaParent: actor(kid.parentBrowser, { 'x-parley-as': 'kid' }),
      teacher: actor(tutor),
      peer: actor(staff.peer.client),
      influencer: actor(staff.influencer.client),
      moderator: actor(staff.moderator.client),
      creator: actor(staff.creator.client),
    },
    ids: {
      learner: parent.learnerId,
      kid: kid.kidId,
      teacher: tutorId,
      peer: staff.peer.id,
      influencer: staff.influencer.id,
      moderator: staff.moderator.id,
      creator: staff.creator.id,
    },
    emails: { learner: parent.learnerEmail, teacher: tutors[label], ...otherAccounts[label] },
    learnerEmail: parent.learnerEmail,
    learnerPassword: parent.learnerPassword,
    learnerName: parent.learnerName,
    kidName: kid.kidName,
    referralCode: parent.referralCode,
    secretText: chat.secretText,
    roomId,
    kidRoomId,
    sessionId,
    kidSessionId,
    spareSessions,
    tutorCancelledSessionId: cancelled.sessionId,
    notificationId: cancelled.notificationId,
    requestMessageId: chat.requestMessageId,
    fileMessageId: file.json().message._id as string,
    paid: parent.paid,
    ...(await unpaidOrders(t, parent.learner)),
    freeSlot: await freeSlots(parent.learner, tutorId, false, 1),
    freeKidSlot: await freeSlots(kid.client, tutorId, true, 1),
    rescheduleSlot: await freeSlots(parent.learner, tutorId, false, 2),
    availability: expectOk(await tutor.get('/api/teacher/availability'), 'availability').json(),
    tutorProfile: expectOk(await tutor.get('/api/teacher/profile'), 'tutor profile').json(),
    loginLink: { learnerId: parent.learnerId, token: staff.loginLinkToken },
    courses: await courseStateOf(t, label, parent.learner, staff.creator.client),
  };
}

/** Course bytes the media checks accept (the type is read from the content). */
const mediaBytes: Record<MediaKind, Buffer> = {
  // An ISO media header (ftyp isom), then zeros: an MP4 to the content check.
  video: Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(16 * 1024)]),
  captions: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello and welcome.\n'),
  image: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
};

/** A multipart body for POST /api/creator/media: any extra fields, then kind, then the file. */
export function mediaForm(kind: MediaKind, fileName: string, extra: Record<string, string> = {}): [Buffer, Record<string, string>] {
  const boundary = `----parley${randomUUID().replaceAll('-', '')}`;
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.concat([
    ...Object.entries(extra).map(([name, value]) => field(name, value)),
    field('kind', kind),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    mediaBytes[kind],
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [body, { 'content-type': `multipart/form-data; boundary=${boundary}` }];
}

/**
 * The side's courses: its creator uploads files and owns a finished live course, a course in
 * the learner's cart, a draft and a course in review; its learner buys, completes and rates
 * the first, subscribes to a subject and gifts a course.
 */
async function courseStateOf(t: TestApp, label: 'A' | 'B', learner: TestClient, creator: TestClient): Promise<CourseSide> {
  const tag = label.toLowerCase();
  const upload = async (kind: MediaKind, name: string) =>
    expectOk(await creator.send('POST', '/api/creator/media', ...mediaForm(kind, name)), `upload ${name}`).json()._id as string;
  const coverMediaId = await upload('image', `cover-${tag}.png`);
  const lessonMediaId = await upload('video', `lesson-${tag}.mp4`);
  const captionsMediaId = await upload('captions', `lesson-${tag}.vtt`);
  const bonusMediaId = await upload('pdf', `bonus-${tag}.pdf`);
  const draftMediaId = await upload('pdf', `draft-${tag}.pdf`);
  const reviewMediaId = await upload('pdf', `review-${tag}.pdf`);

  const creatorEmail = otherAccounts[label].creator;
  const bonusName = `Matrix bonus sheet ${label}`;
  const live = await createLiveCourse(t.ctx.db, {
    creatorEmail,
    subject: 'English',
    title: `Matrix course ${label}`,
    coverMediaId,
    lessons: [
      { kind: 'video', mediaId: lessonMediaId, captionsMediaId },
      { kind: 'video', mediaId: lessonMediaId, captionsMediaId, isPreview: true },
      { kind: 'text' },
    ],
    bonuses: [{ bonusName, mediaId: bonusMediaId }],
  });
  const cart = await createLiveCourse(t.ctx.db, { creatorEmail, subject: 'English', title: `Matrix cart course ${label}`, lessons: [{ kind: 'text' }, { kind: 'text' }] });
  const [paidLessonId, previewLessonId] = live.lessonIds as [string, string, string];

  expectOk(await learner.post('/api/courses/buyCourse', { courseId: live.courseId, method: 'wallet' }), 'buy course');
  expectOk(await learner.post('/api/course/analytics/start', { courseId: live.courseId, lessonId: paidLessonId }), 'start lesson');
  expectOk(await learner.put('/api/course/analytics/update', { courseId: live.courseId, lessonId: paidLessonId, positionSeconds: 42, secondsSpent: 60 }), 'lesson beat');
  // A lesson completes only after time spent in it: the learner opened every lesson an hour ago.
  for (const lessonId of live.lessonIds) expectOk(await learner.post('/api/course/analytics/start', { courseId: live.courseId, lessonId }), 'open lesson');
  await t.ctx.db.update(lessonProgress).set({ startedAt: new Date(t.ctx.now().getTime() - 3_600_000) }).where(eq(lessonProgress.courseId, live.courseId));
  let certificateId: string | null = null;
  for (const lessonId of live.lessonIds) {
    certificateId = expectOk(await learner.post(`/api/course/analytics/${live.courseId}/complete`, { lessonId }), 'complete lesson').json().certificateId as string | null;
  }
  if (!certificateId) throw new Error(`no certificate for ${label}`);
  const certificate = (expectOk(await learner.get('/api/certificates'), 'certificates').json().items as { _id: string; code: string }[]).find((c) => c._id === certificateId)!;
  expectOk(await learner.post(`/api/courses/rating/${live.courseId}`, { stars: 5, review: `Finished it (${label}).` }), 'rating');
  expectOk(await learner.post('/api/courses/addToCart', { courseId: cart.courseId }), 'add to cart');
  const subscriptionSubject: CourseSubject = label === 'A' ? 'IELTS' : 'AI';
  expectOk(await learner.post('/api/courses/buyCourseSubscription', { subject: subscriptionSubject, method: 'wallet' }), 'course subscription');
  const giftCode = await giftFrom(t, learner, cart.courseId, `gift-friend-${tag}@example.com`);

  const draftLessonId = randomUUID();
  const draft: CourseDraftInput = {
    title: `Matrix draft ${label}`,
    description: `A course creator ${label} is still writing.`,
    level: 'Beginner',
    coverMediaId,
    prices: { INR: 49_900, USD: 999 },
    modules: [{ _id: randomUUID(), title: 'Draft module', lessons: [{ _id: draftLessonId, title: 'Draft lesson', kind: 'pdf', durationMin: 10, isPreview: true, mediaId: draftMediaId, captionsMediaId: null, text: '' }] }],
    bonuses: [],
  };
  const draftCourseId = expectOk(await creator.post('/api/creator/courses', { subject: 'English', title: draft.title }), 'draft course').json()._id as string;
  const draftVersionId = expectOk(await creator.put(`/api/creator/courses/${draftCourseId}/draft`, draft), 'save draft').json().versionId as string;

  const reviewCourseId = expectOk(await creator.post('/api/creator/courses', { subject: 'English', title: `Matrix review ${label}` }), 'review course').json()._id as string;
  const reviewDraft: CourseDraftInput = {
    ...draft,
    title: `Matrix review ${label}`,
    modules: [{ _id: randomUUID(), title: 'Review module', lessons: [{ _id: randomUUID(), title: 'Review lesson', kind: 'pdf', durationMin: 10, isPreview: false, mediaId: reviewMediaId, captionsMediaId: null, text: '' }] }],
  };
  expectOk(await creator.put(`/api/creator/courses/${reviewCourseId}/draft`, reviewDraft), 'save review draft');
  const reviewVersionId = expectOk(await creator.post(`/api/creator/courses/${reviewCourseId}/submit`), 'submit').json().versionId as string;

  const videos = expectOk(await learner.get('/api/library/getVideos?audience=kids'), 'library').json().items as { _id: string }[];
  if (!videos[0]) throw new Error('no kids’ library video in the seed');

  return {
    courseId: live.courseId,
    versionId: live.versionId,
    paidLessonId,
    previewLessonId,
    lessonMediaId,
    captionsMediaId,
    bonusName,
    bonusMediaId,
    certificateId,
    certificateCode: certificate.code,
    cartCourseId: cart.courseId,
    subscriptionSubject,
    giftCode,
    coverMediaId,
    draftCourseId,
    draftVersionId,
    draftLessonId,
    draftMediaId,
    draft,
    reviewCourseId,
    reviewVersionId,
    reviewMediaId,
    libraryVideoId: videos[0]._id,
  };
}

/** Pays for a course for a friend from the wallet; the redeem code is only in the friend's e-mail. */
async function giftFrom(t: TestApp, learner: TestClient, courseId: string, recipientEmail: string): Promise<string> {
  expectOk(await learner.post('/api/courses/courseGifting', { courseId, recipientEmail, recipientName: 'Matrix Friend', message: 'Enjoy it.', method: 'wallet' }), 'gift');
  const [mail] = await t.ctx.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.toAddress, recipientEmail));
  const code = /\/courses\/gift\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no gift e-mail to ${recipientEmail}`);
  return code;
}

/** A learner with money from the sandbox checkout and a plan bought with it (chat and booking need one). */
async function newParent(t: TestApp, label: 'A' | 'B') {
  const tag = label.toLowerCase();
  const learnerName = label === 'A' ? 'Alice Matrixa' : 'Bruno Matrixb';
  const learnerEmail = `matrix-${tag}@example.com`;
  const learnerPassword = `matrix password ${tag}`;
  const learner = t.client();
  const signup = expectOk(await learner.post('/api/auth/signup', { name: learnerName, email: learnerEmail, password: learnerPassword, country: 'IN', timezone: TIME_ZONE }), 'sign-up');
  const paid = await topUp(t, learner, label === 'A' ? 1_000_000 : 900_000);
  const { _id: learnerId, referralCode } = signup.json().user as { _id: string; referralCode: string };
  // An IELTS plan from an hour ago (so files can be shared in the side's chat), then the English plan the side books with.
  const [ielts] = await t.ctx.db.select().from(plans).where(eq(plans.slug, 'ielts-band-booster'));
  const anHourAgo = new Date(t.ctx.now().getTime() - 3_600_000);
  await t.ctx.db.insert(subscriptions).values({ learnerId, planId: ielts!.id, subjects: ['IELTS'], subscriptionType: ielts!.subscriptionType, availableSession: 1, availableWeeklySession: 1, startsAt: anHourAgo, createdAt: anHourAgo, expiresAt: new Date(anHourAgo.getTime() + 30 * 86_400_000) });
  const [plan] = await t.ctx.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'english-quick'));
  expectOk(await buyPlan(learner, plan!.id), 'buy plan');
  return { learner, learnerId, learnerName, learnerEmail, learnerPassword, referralCode, paid };
}

/** A kid with three purchased sessions (all booked by the side); its browser holds only the kid cookie, the parent's holds both. */
async function newKid(t: TestApp, learner: TestClient, kidName: string) {
  const created = expectOk(await learner.post('/api/learner/newKid', { name: kidName, avatar: 'fox', dob: '2016-03-04' }), 'new kid');
  const kidId = created.json().kid._id as string;
  expectOk(await learner.post('/api/kids/buy-sessions', { subject: 'English', learnerId: kidId, sessionsBought: 3 }), 'kid sessions');
  expectOk(await learner.post('/api/learner/findKidById', { learnerId: kidId }), 'select kid');
  const parentBrowser = t.client();
  for (const [k, v] of learner.cookies) parentBrowser.cookies.set(k, v);
  const client = t.client();
  client.cookies.set(cookieName('kid'), learner.cookies.get(cookieName('kid'))!);
  learner.cookies.delete(cookieName('kid'));
  return { kidId, kidName, client, parentBrowser };
}

/** Over the socket: a chat slot request and a text only the room's members may read. */
async function chatIn(baseUrl: string, sockets: ChatSocket[], learner: TestClient, roomId: string, tutorId: string, label: string) {
  const secretText = `secret ${label} ${randomUUID()}`;
  const socket = await openSocket(baseUrl, cookieHeader(learner), 'learner', sockets);
  // A time the chat form lists (English: every 20 minutes from midnight) that the schedule shows free.
  let slot = await freeSlots(learner, tutorId, false);
  for (let index = 1; !slot.start.endsWith(':00') && index < 12; index += 1) slot = await freeSlots(learner, tutorId, false, index);
  const asked = await emitAck(socket, 'chatroom_message', {
    chatroomId: roomId,
    msgType: 'Session',
    message: `Can we talk at ${slot.start}?`,
    sessionDate: slot.date,
    sessionTime: slot.start,
    subject: 'English',
  });
  const sent = await emitAck(socket, 'chatroom_message', { chatroomId: roomId, msgType: 'Text', message: secretText });
  socket.disconnect();
  if (!asked.ok || !sent.ok) throw new Error(`chat ${label}: ${JSON.stringify([asked, sent])}`);
  return { secretText, requestMessageId: asked.data._id as string };
}

/** Checkouts started and never paid: wallet top-ups, and a demo. */
async function unpaidOrders(t: TestApp, learner: TestClient) {
  const openOrders: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    openOrders.push(expectOk(await learner.post(`${providerPath(t)}/capture`, wallet(10_000 + i * 100)), 'open order').json().data.id as string);
  }
  const trial = expectOk(await learner.get('/api/pricing/trial?country=IN&subject=English'), 'trial price').json().price.amountMinor as number;
  const demoOrder = expectOk(await learner.post(`${providerPath(t)}/capture`, demo(trial)), 'demo order');
  return { openOrders, demoOrderId: demoOrder.json().data.id as string };
}

/** The side's peer, influencer, moderator and creator, and a login link its moderator minted for its learner. */
async function staffOf(t: TestApp, label: 'A' | 'B', learnerId: string) {
  const staff = {} as Record<'peer' | 'influencer' | 'moderator' | 'creator', { client: TestClient; id: string }>;
  for (const role of ['peer', 'influencer', 'moderator', 'creator'] as const) {
    const client = await t.signIn(otherAccounts[label][role], role);
    staff[role] = { client, id: await idOf(client, role) };
  }
  const link = expectOk(await staff.moderator.client.post('/api/moderator/login-links', { learnerId }), 'login link');
  return { ...staff, loginLinkToken: new URL(link.json().url as string).searchParams.get('token')! };
}

/** A browser holding a cookie of every role whose session was logged out. */
async function revokedBrowser(t: TestApp, a: Side): Promise<TestClient> {
  const revoked = t.client();
  const signInAgain = async (role: Role): Promise<TestClient> => {
    if (role === 'learner' || role === 'kid') {
      const c = t.client();
      expectOk(await c.post('/api/auth/login', { email: a.learnerEmail, password: a.learnerPassword, role: 'learner' }), 'learner login');
      if (role === 'kid') expectOk(await c.post('/api/learner/findKidById', { learnerId: a.ids.kid }), 'kid session');
      return c;
    }
    return t.signIn(a.emails[role], role);
  };
  for (const role of Object.keys(a.ids) as Role[]) {
    const c = await signInAgain(role);
    const token = c.cookies.get(cookieName(role))!;
    const out = await c.post('/api/auth/logout', { role });
    if (out.statusCode !== 204) throw new Error(`logout ${role}: ${out.body}`);
    revoked.cookies.set(cookieName(role), token);
  }
  return revoked;
}

export async function topUp(t: TestApp, learner: TestClient, amount: number) {
  const order = expectOk(await learner.post(`${providerPath(t)}/capture`, wallet(amount)), 'capture');
  const orderId = order.json().data.id as string;
  // The owner's cookie goes with the settle call: the checkout runs in the learner's browser.
  const settled = expectOk(await learner.post('/api/payments/sandbox/settle', { orderId, outcome: 'success' }), 'settle').json();
  const paid = { orderId, paymentId: settled.razorpay_payment_id as string, signature: settled.razorpay_signature as string };
  expectOk(await learner.post('/api/payments/verify', paid), 'verify');
  await t.ctx.sandbox?.flushWebhooks();
  return paid;
}

async function book(client: TestClient, learnerId: string, teacherId: string, forKids: boolean): Promise<string> {
  const slot = await freeSlots(client, teacherId, forKids);
  const res = await client.post('/api/sessions', {
    startTime: slot.start,
    endTime: slot.end,
    date: slot.date,
    duration: slot.durationMin,
    subject: 'English',
    type: 'Regular',
    learnerId,
    teacherId,
    timezone: TIME_ZONE,
    forKids,
    startAt: slot.startAt,
  });
  return expectOk(res, 'booking').json()._id as string;
}

/** A session the learner booked and the tutor cancelled: the learner's notification of it. */
async function cancelledByTutor(learner: TestClient, learnerId: string, tutor: TestClient, tutorId: string) {
  const sessionId = await book(learner, learnerId, tutorId, false);
  expectOk(await tutor.post(`/api/sessions/${sessionId}/cancel`, { reason: 'The tutor is unwell.' }), 'tutor cancels');
  const items = expectOk(await learner.get('/api/notifications'), 'notifications').json().items as { _id: string; kind: string }[];
  const notice = items.find((n) => n.kind === 'session_cancelled');
  if (!notice) throw new Error(`no cancellation notification: ${JSON.stringify(items)}`);
  return { sessionId, notificationId: notice._id };
}

/** The `index`th free slot of a tutor on the first day from tomorrow that has one. */
export async function freeSlots(client: TestClient, teacherId: string, forKids: boolean, index = 0): Promise<FreeSlot> {
  const today = isoDateInZone(new Date(), TIME_ZONE);
  for (let day = 1; day <= 6; day += 1) {
    const date = addDaysToIsoDate(today, day);
    const res = expectOk(await client.get(`/api/teachers/${teacherId}/schedule?date=${date}&timezone=${TIME_ZONE}&subject=English&forKids=${forKids}`), 'schedule');
    const { slots, durationMin } = res.json();
    const slot = slots[index];
    if (slot) return { date, start: slot.start, end: slot.end, startAt: slot.startAt, durationMin };
  }
  throw new Error(`no free slot for tutor ${teacherId}`);
}

const idOf = async (client: TestClient, role: Role) => expectOk(await client.get(`/api/auth/me?role=${role}`), 'me').json().user._id as string;

export const cookieHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export async function openSocket(baseUrl: string, cookie: string, role: string, sockets: ChatSocket[]): Promise<ChatSocket> {
  const socket: ChatSocket = connect(baseUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, auth: { role }, forceNew: true, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connected', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export const emitAck = (socket: ChatSocket, event: 'join_room' | 'chatroom_message' | 'meeting:join' | 'meeting:message' | 'peer:join' | 'peer:message' | 'peer:hangup', payload: object) =>
  new Promise<{ ok: true; data: any } | { ok: false; message: string }>((resolve) => (socket.emit as (...a: unknown[]) => void)(event, payload, resolve));

/** A multipart body for /room/v1/sendFile: the room id field first, then a small PDF. */
export function multipartFile(chatroomId: string, fileName: string): [unknown, Record<string, string>] {
  const boundary = `----parley${randomUUID().replaceAll('-', '')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatroomId"\r\n\r\n${chatroomId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatFile"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from('%PDF-1.4\n% matrix test\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [body, { 'content-type': `multipart/form-data; boundary=${boundary}` }];
}

function expectOk<R extends { statusCode: number; body: string }>(res: R, what: string): R {
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Every string that belongs to side A and must never reach B. */
export async function privateMarkers(t: TestApp, a: Side): Promise<string[]> {
  const entries = await t.ctx.db.select({ id: walletEntries.id }).from(walletEntries).where(eq(walletEntries.userId, a.ids.learner));
  const notices = await t.ctx.db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.userId, Object.values(a.ids)));
  // A tutor's id is in the tutor list, a creator's on every course card of theirs.
  const { teacher: _publicTutorId, creator: _publicCreatorId, ...ids } = a.ids;
  const c = a.courses;
  return [
    ...Object.values(ids),
    a.learnerEmail,
    a.learnerName,
    a.kidName,
    a.referralCode,
    a.secretText,
    a.roomId,
    a.kidRoomId,
    a.sessionId,
    a.kidSessionId,
    ...Object.values(a.spareSessions),
    a.tutorCancelledSessionId,
    ...notices.map((n) => n.id),
    a.requestMessageId,
    a.fileMessageId,
    a.paid.orderId,
    a.paid.paymentId,
    a.loginLink.token,
    ...a.openOrders,
    a.demoOrderId,
    ...entries.map((e) => e.id),
    // Course ids and cover images are public; the rest is the owner's, or the creator's until it is live.
    c.versionId,
    c.lessonMediaId,
    c.captionsMediaId,
    c.bonusName,
    c.bonusMediaId,
    c.certificateId,
    c.certificateCode,
    c.giftCode,
    c.draftCourseId,
    c.draftVersionId,
    c.draftLessonId,
    c.draftMediaId,
    c.reviewCourseId,
    c.reviewVersionId,
    c.reviewMediaId,
  ];
}

/** Everything stored about side A's users, as one comparable text. */
export async function snapshotOf(t: TestApp, a: Side): Promise<string> {
  await t.ctx.sandbox?.flushWebhooks();
  const db = t.ctx.db;
  const ids = Object.values(a.ids);
  const rooms = await db.select().from(chatRooms).where(or(inArray(chatRooms.learnerId, ids), inArray(chatRooms.teacherId, ids)));
  const roomIds = rooms.map((r) => r.id);
  const orders = await db.select().from(paymentOrders).where(inArray(paymentOrders.userId, ids));
  const ownCourses = await db.select().from(courses).where(inArray(courses.creatorId, ids));
  const classes = await db.select().from(liveSessions).where(or(inArray(liveSessions.learnerId, ids), inArray(liveSessions.teacherId, ids)));
  const classIds = classes.map((s) => s.id);
  // Reminders arrive on the queue's clock whenever one falls due, so they are left out; nothing B does makes one.
  const notices = await db.select().from(notifications).where(and(inArray(notifications.userId, ids), ne(notifications.kind, 'session_reminder')));
  const peerSides = await db.select().from(peerCallSides).where(inArray(peerCallSides.userId, ids));
  const peerCallIds = [...new Set(peerSides.map((s) => s.callId))];
  const parts = {
    users: await db.select().from(users).where(or(inArray(users.id, ids), inArray(users.parentId, ids))),
    teachers: await db.select().from(teachers).where(inArray(teachers.userId, ids)),
    sessions: await db.select().from(authSessions).where(inArray(authSessions.userId, ids)),
    loginLinks: await db.select().from(loginLinks).where(inArray(loginLinks.userId, ids)),
    availability: await db.select().from(teacherAvailability).where(inArray(teacherAvailability.teacherId, ids)),
    daysOff: await db.select().from(teacherDaysOff).where(inArray(teacherDaysOff.teacherId, ids)),
    subscriptions: await db.select().from(subscriptions).where(inArray(subscriptions.learnerId, ids)),
    kidBalances: await db.select().from(kidSessionBalances).where(inArray(kidSessionBalances.kidId, ids)),
    favourites: await db.select().from(favouriteTeachers).where(inArray(favouriteTeachers.learnerId, ids)),
    liveSessions: classes,
    presence: classIds.length ? await db.select().from(sessionPresence).where(or(inArray(sessionPresence.sessionId, classIds), inArray(sessionPresence.userId, ids))) : [],
    meetingMessages: classIds.length ? await db.select().from(meetingMessages).where(or(inArray(meetingMessages.sessionId, classIds), inArray(meetingMessages.senderId, ids))) : [],
    notifications: notices,
    wallets: await db.select().from(wallets).where(inArray(wallets.userId, ids)),
    walletEntries: await db.select().from(walletEntries).where(inArray(walletEntries.userId, ids)),
    orders,
    sandboxOrders: orders.length ? await db.select().from(sandboxOrders).where(inArray(sandboxOrders.id, orders.map((o) => o.id))) : [],
    rooms,
    messages: roomIds.length ? await db.select().from(chatMessages).where(inArray(chatMessages.roomId, roomIds)) : [],
    referrals: await db.select().from(referrals).where(or(inArray(referrals.referrerId, ids), inArray(referrals.referredId, ids))),
    authored: await db.select().from(chatMessages).where(inArray(chatMessages.senderId, ids)),
    media: await db.select().from(mediaFiles).where(inArray(mediaFiles.ownerId, ids)),
    courses: ownCourses,
    courseVersions: ownCourses.length ? await db.select().from(courseVersions).where(inArray(courseVersions.courseId, ownCourses.map((c) => c.id))) : [],
    enrolments: await db.select().from(courseEnrolments).where(inArray(courseEnrolments.userId, ids)),
    cart: await db.select().from(courseCartItems).where(inArray(courseCartItems.userId, ids)),
    gifts: await db.select().from(courseGifts).where(or(inArray(courseGifts.giverId, ids), inArray(courseGifts.redeemedBy, ids))),
    courseSubscriptions: await db.select().from(courseSubscriptions).where(inArray(courseSubscriptions.userId, ids)),
    lessonProgress: await db.select().from(lessonProgress).where(inArray(lessonProgress.userId, ids)),
    ratings: await db.select().from(courseRatings).where(inArray(courseRatings.userId, ids)),
    certificates: await db.select().from(certificates).where(inArray(certificates.userId, ids)),
    peerProfiles: await db.select().from(peerProfiles).where(inArray(peerProfiles.userId, ids)),
    peerBalances: await db.select().from(peerBalances).where(inArray(peerBalances.userId, ids)),
    peerMinuteEntries: await db.select().from(peerMinuteEntries).where(inArray(peerMinuteEntries.userId, ids)),
    peerQueue: await db.select().from(peerQueue).where(inArray(peerQueue.userId, ids)),
    peerCalls: peerCallIds.length ? await db.select().from(peerCalls).where(inArray(peerCalls.id, peerCallIds)) : [],
    peerCallSides: peerCallIds.length ? await db.select().from(peerCallSides).where(inArray(peerCallSides.callId, peerCallIds)) : [],
    peerCallMessages: peerCallIds.length ? await db.select().from(peerCallMessages).where(inArray(peerCallMessages.callId, peerCallIds)) : [],
    peerRatings: await db.select().from(peerRatings).where(or(inArray(peerRatings.raterId, ids), inArray(peerRatings.rateeId, ids))),
    peerReports: await db.select().from(peerReports).where(or(inArray(peerReports.reporterId, ids), inArray(peerReports.reportedId, ids))),
  };
  const sorted = Object.fromEntries(
    Object.entries(parts).map(([name, rows]) => [name, [...rows].map((r) => JSON.stringify(r)).sort()]),
  );
  return JSON.stringify(sorted, null, 1);
}
