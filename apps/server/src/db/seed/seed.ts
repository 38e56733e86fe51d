import { and, eq, sql } from 'drizzle-orm';
import { NEW_AFFILIATE_COUPON_PERCENT } from '@parley/domain/affiliate';
import { presetTopUps } from '@parley/domain/money';
import { PEER_MONTHLY_PLAN_MINUTES, peerCallCharge, type PeerLevel } from '@parley/domain/peer';
import { defaultPriceSettings } from '@parley/domain/pricing';
import { specBanners } from '@parley/domain/promo';
import { classDurationMin } from '@parley/domain/sessions';
import type { Role } from '@parley/domain/roles';
import type { MediaStore } from '../../media/media-store';
import type { Db } from '../client';
import {
  banners,
  influencers,
  kidSessionBalances,
  liveSessions,
  offers,
  paymentOrders,
  peerBalances,
  peerCallMessages,
  peerCalls,
  peerCallSides,
  peerMinuteEntries,
  peerProfiles,
  peerRatings,
  peerSlotHolds,
  peerSlots,
  plans,
  PRICE_SETTINGS_KEY,
  settings,
  subscriptions,
  teacherAvailability,
  teacherReviews,
  teachers,
  users,
} from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seedAffiliateHistory } from './affiliates-seed';
import { seedCourses } from './courses-seed';
import { seedCurriculumLearner, seedCurriculumPath } from './curriculum-seed';
import { demoTutors } from './tutors';

export const DEMO_PASSWORD = 'Parley@2026';
const DAY_MS = 24 * 60 * 60 * 1000;

type DemoAccount = {
  label: string;
  role: Role;
  email: string;
  name: string;
  country?: string;
  timezone?: string;
  flags?: Partial<typeof users.$inferInsert>;
  planSlug?: string;
  kids?: { name: string; avatar: string; dob: string; sessions?: Record<string, number> }[];
  influencerStatus?: string;
  /** What the affiliate's application said: where they share Parley, and who follows them there. */
  application?: { channel: string; audience: string };
  /** A session booked with a demo tutor, starting `startsInMin` after the seed runs (so its class can be opened at once), as long as its subject's class. */
  session?: { tutorEmail: string; subject: 'English' | 'IELTS'; startsInMin: number };
};

/** The accounts the README lists, with exactly these role labels. */
export const demoAccounts: DemoAccount[] = [
  { label: 'learner (subscribed)', role: 'learner', email: 'learner@parley.test', name: 'Rohan Sharma', planSlug: 'english-quick', flags: { phoneNumber: '+91 98200 12345', dob: '1996-04-12', isPhoneNumberVerified: true } },
  { label: 'learner (no subscription)', role: 'learner', email: 'newbie@parley.test', name: 'Emily Carter', country: 'US', timezone: 'America/New_York' },
  {
    label: 'learner (new curriculum: a curriculum plan, A1 passed with its certificate, A2 under way; a topic session awaits the tutor’s mark)',
    role: 'learner',
    email: 'curriculum@parley.test',
    name: 'Neha Gupta',
    planSlug: 'curriculum-steady',
    flags: { isNewCurriculum: true },
  },
  {
    label: 'learner (a 15-minute English class with Arjun Menon starting 5 minutes after the first start)',
    role: 'learner',
    email: 'classroom@parley.test',
    name: 'Riya Kapoor',
    planSlug: 'english-quick',
    session: { tutorEmail: 'arjun.menon@parley.test', subject: 'English', startsInMin: 5 },
  },
  {
    label: 'learner (an English class with Rahul Verma starting 3 hours after the first start: cancelling it spends the session)',
    role: 'learner',
    email: 'latecancel@parley.test',
    name: 'Kavita Menon',
    planSlug: 'english-quick',
    session: { tutorEmail: 'rahul.verma@parley.test', subject: 'English', startsInMin: 180 },
  },
  { label: 'learner (IELTS)', role: 'learner', email: 'ielts@parley.test', name: 'Vikram Singh', planSlug: 'ielts-band-booster' },
  {
    label: 'parent (a learner account with 2 kids)',
    role: 'learner',
    email: 'parent@parley.test',
    name: 'Sunita Rao',
    kids: [
      { name: 'Aarav Rao', avatar: 'lion', dob: '2017-05-14', sessions: { English: 3 } },
      { name: 'Diya Rao', avatar: 'owl', dob: '2015-09-02' },
    ],
  },
  { label: 'peer (a profile, peer minutes and one past call with the second peer)', role: 'peer', email: 'peer@parley.test', name: 'Kabir Das', flags: { isPeerActive: true } },
  { label: 'peer (second: a level apart, to practise with the first)', role: 'peer', email: 'peer2@parley.test', name: 'Meera Pillai', flags: { isPeerActive: true } },
  { label: 'tutor', role: 'teacher', email: 'tutor@parley.test', name: 'Ananya Iyer' },
  { label: 'influencer (approved)', role: 'influencer', email: 'affiliate@parley.test', name: 'Tanya Malhotra', influencerStatus: 'Approved' },
  { label: 'influencer (pending)', role: 'influencer', email: 'affiliate.pending@parley.test', name: 'Irfan Qureshi', influencerStatus: 'Pending', application: { channel: 'https://www.instagram.com/irfan.speaks', audience: 'About 12,000 followers, mostly students in Hyderabad preparing for IELTS.' } },
  { label: 'influencer (pending: the moderator journey approves this one)', role: 'influencer', email: 'affiliate.applicant@parley.test', name: 'Nadia Khan', influencerStatus: 'Pending', application: { channel: 'https://www.youtube.com/@nadia.talks', audience: 'A YouTube channel of 30,000 parents looking for English and money lessons for their kids.' } },
  { label: 'moderator', role: 'moderator', email: 'moderator@parley.test', name: 'Leela Joseph' },
  { label: 'creator', role: 'creator', email: 'creator@parley.test', name: 'Farhan Ali' },
  { label: 'creator (second)', role: 'creator', email: 'creator.meera@parley.test', name: 'Meera Nair' },
];

export const demoPlans = [
  { slug: 'english-quick', name: 'Conversational English · Quick Learner', subject: 'English', subscriptionType: 'quick_learner_mode', classDurationMin: 15, sessionCount: 12, weeklySessions: 3, validityDays: 30, priceInrMinor: 299900, priceUsdMinor: 3900 },
  { slug: 'english-steady', name: 'Conversational English · Steady', subject: 'English', subscriptionType: 'weekly', classDurationMin: 15, sessionCount: 24, weeklySessions: 3, validityDays: 60, priceInrMinor: 499900, priceUsdMinor: 6500 },
  { slug: 'ielts-band-booster', name: 'IELTS Band Booster', subject: 'IELTS', subscriptionType: 'weekly', classDurationMin: 25, sessionCount: 16, weeklySessions: 4, validityDays: 30, priceInrMinor: 699900, priceUsdMinor: 9900 },
  { slug: 'kids-english', name: 'Kids Spoken English', subject: 'Kids English', subscriptionType: 'weekly', classDurationMin: 25, sessionCount: 12, weeklySessions: 3, validityDays: 30, priceInrMinor: 299900, priceUsdMinor: 3900 },
  { slug: 'financial-education', name: 'Financial Education for Kids', subject: 'Financial Education', subscriptionType: 'weekly', classDurationMin: 25, sessionCount: 8, weeklySessions: 2, validityDays: 30, priceInrMinor: 249900, priceUsdMinor: 3500 },
  { slug: 'curriculum-steady', name: 'English Curriculum · Steady', subject: 'Curriculum', subscriptionType: 'weekly', classDurationMin: 25, sessionCount: 12, weeklySessions: 3, validityDays: 60, priceInrMinor: 399900, priceUsdMinor: 4900 },
  { slug: 'curriculum-intensive', name: 'English Curriculum · Intensive', subject: 'Curriculum', subscriptionType: 'weekly', classDurationMin: 25, sessionCount: 24, weeklySessions: 4, validityDays: 90, priceInrMinor: 699900, priceUsdMinor: 8900 },
  { slug: 'peer-monthly', name: 'Peer Learning · Monthly', subject: 'Peer', subscriptionType: 'peer_minutes', classDurationMin: 15, sessionCount: 0, weeklySessions: 0, validityDays: 30, priceInrMinor: 49900, priceUsdMinor: 900, peerMinutes: PEER_MONTHLY_PLAN_MINUTES },
];

/** One wallet offer per preset top-up and currency: bigger top-ups earn a bigger cashback share. */
function demoOffers() {
  const cashbackPercent = [10, 15, 20, 25];
  return (['INR', 'USD'] as const).flatMap((currency) =>
    presetTopUps(currency, defaultPriceSettings.usdToInrRate).map((amount, i) => ({
      coupon: `WALLET${cashbackPercent[i]}`,
      currency,
      walletAmountMinor: amount.amountMinor,
      cashbackMinor: Math.round((amount.amountMinor * cashbackPercent[i]!) / 100),
    })),
  );
}

/** The settings row a whole demo seed ends with. */
export const DEMO_SEEDED_KEY = 'demo-seeded';
/** The demo accounts' domain. */
const DEMO_EMAIL_DOMAIN = '@parley.test';

/**
 * Seeds when asked (`npm run seed`, SEED_DEMO=true) or, by default, into a database with no users
 * yet; and again (it is idempotent) where a first start a crash cut off left only demo accounts
 * without the mark a whole seed ends with. A database with anyone else in it is never seeded by
 * default: one seeded before the mark existed just gets the mark, so what its operator removed
 * from the demo data stays removed.
 */
export async function seedIfWanted(db: Db, media: MediaStore, seedDemo: boolean | undefined): Promise<void> {
  if (seedDemo === false) return;
  if (seedDemo === undefined) {
    const [done] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_SEEDED_KEY));
    if (done) return;
    // Kids have no e-mail: they count with the parent who runs them.
    const [row] = await db
      .select({
        demo: sql<number>`count(*) filter (where ${users.email} like ${`%${DEMO_EMAIL_DOMAIN}`})::int`,
        others: sql<number>`count(*) filter (where ${users.email} not like ${`%${DEMO_EMAIL_DOMAIN}`})::int`,
      })
      .from(users);
    if ((row?.others ?? 0) > 0) {
      if ((row?.demo ?? 0) > 0) await markSeeded(db, new Date());
      return;
    }
  }
  await seedDemoData(db, media);
}

const markSeeded = (db: Db, now: Date) => db.insert(settings).values({ key: DEMO_SEEDED_KEY, value: { at: now.toISOString() } }).onConflictDoNothing();

/**
 * Idempotent: every row is keyed (email per role, plan slug, banner code, seeded id) and skipped if
 * present. Course media go through `media`, the store the app serves them from.
 */
export async function seedDemoData(db: Db, media: MediaStore, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(settings).values({ key: PRICE_SETTINGS_KEY, value: defaultPriceSettings }).onConflictDoNothing();
  await db
    .insert(banners)
    .values(specBanners.map((b) => ({ ...b, endsAt: new Date(b.endsAt) })))
    .onConflictDoNothing();
  await db.insert(plans).values(demoPlans).onConflictDoNothing();
  // Databases seeded before plans carried peer minutes get them for the peer plan.
  await db.update(plans).set({ peerMinutes: PEER_MONTHLY_PLAN_MINUTES }).where(and(eq(plans.slug, 'peer-monthly'), eq(plans.peerMinutes, 0)));
  await db.insert(offers).values(demoOffers()).onConflictDoNothing();
  for (const tutor of demoTutors) await seedTutor(db, tutor, passwordHash);
  await seedCurriculumPath(db);
  for (const account of demoAccounts) {
    if (account.role !== 'teacher') await seedAccount(db, account, passwordHash, now);
  }
  await seedPeerPractice(db, now);
  await seedCurriculumLearner(db, now);
  await seedAffiliateHistory(db, passwordHash, now);
  await seedCourses(db, media, { now, passwordHash });
  // Last: a start cut off before here seeds again at the next one.
  await markSeeded(db, now);
}

/** The two demo peers: their profiles, a peer plan each, and one call between them that ended yesterday. */
const demoPeers: { email: string; level: PeerLevel; firstLanguage: string; interests: string[]; availability: string; stars: number }[] = [
  { email: 'peer@parley.test', level: 'B1', firstLanguage: 'Hindi', interests: ['Cricket', 'Cooking'], availability: 'Weekday evenings', stars: 5 },
  { email: 'peer2@parley.test', level: 'B2', firstLanguage: 'Malayalam', interests: ['Films', 'Travel'], availability: 'Weekends', stars: 4 },
];
const DEMO_PEER_CALL_MS = 12 * 60_000 + 20_000;

async function seedPeerPractice(db: Db, now: Date) {
  const people = await Promise.all(demoPeers.map((p) => findUser(db, 'peer', p.email)));
  if (people.some((p) => !p)) throw new Error('seed: the demo peers are missing');
  const [first, second] = people as { id: string }[];
  const [existing] = await db.select({ userId: peerProfiles.userId }).from(peerProfiles).where(eq(peerProfiles.userId, first!.id));
  if (existing) return;
  const [plan] = await db.select().from(plans).where(eq(plans.slug, 'peer-monthly'));
  if (!plan) throw new Error('seed: unknown plan peer-monthly');
  const boughtAt = new Date(now.getTime() - 3 * DAY_MS);
  const startedAt = new Date(now.getTime() - DAY_MS);
  const endedAt = new Date(startedAt.getTime() + DEMO_PEER_CALL_MS);
  const [call] = await db
    .insert(peerCalls)
    .values({ mode: 'video', status: 'ended', matchedAt: new Date(startedAt.getTime() - 20_000), startedAt, endsAt: new Date(startedAt.getTime() + plan.peerMinutes * 60_000), endedAt, endReason: 'hangup', durationMs: DEMO_PEER_CALL_MS })
    .returning({ id: peerCalls.id });
  for (const [index, person] of [first!, second!].entries()) {
    const demo = demoPeers[index]!;
    await db.insert(peerProfiles).values({ userId: person.id, level: demo.level, firstLanguage: demo.firstLanguage, interests: demo.interests, availability: demo.availability, createdAt: boughtAt, updatedAt: boughtAt });
    const [subscription] = await db
      .insert(subscriptions)
      .values({ learnerId: person.id, planId: plan.id, subjects: [plan.subject], subscriptionType: plan.subscriptionType, availableSession: 0, availableWeeklySession: 0, startsAt: boughtAt, expiresAt: new Date(boughtAt.getTime() + plan.validityDays * DAY_MS), createdAt: boughtAt })
      .returning({ id: subscriptions.id });
    // A peer-only account pays by card: the plan's paid checkout, as the payments list shows it.
    await db.insert(paymentOrders).values({
      id: `order_demo_peer_${index + 1}`,
      provider: 'sandbox',
      userId: person.id,
      purpose: 'Plan',
      amountMinor: plan.priceInrMinor,
      currency: 'INR',
      details: { planId: plan.id },
      status: 'Success',
      paymentId: `pay_demo_peer_${index + 1}`,
      createdAt: boughtAt,
      updatedAt: boughtAt,
    });
    const charge = peerCallCharge({ durationMs: DEMO_PEER_CALL_MS, availableMinutes: plan.peerMinutes });
    await db.insert(peerMinuteEntries).values([
      { userId: person.id, delta: plan.peerMinutes, reason: 'plan', subscriptionId: subscription!.id, balanceAfter: plan.peerMinutes, createdAt: boughtAt },
      { userId: person.id, delta: -charge.chargedMinutes, reason: 'call', callId: call!.id, balanceAfter: charge.remainingMinutes, createdAt: endedAt },
    ]);
    await db.insert(peerBalances).values({ userId: person.id, availableMinutes: charge.remainingMinutes, updatedAt: endedAt });
    await db.insert(peerCallSides).values({ callId: call!.id, side: index === 0 ? 'first' : 'second', userId: person.id, active: false, joinedAt: startedAt, ...charge });
  }
  await db.insert(peerCallMessages).values({ callId: call!.id, senderId: first!.id, message: 'Nice to meet you! Shall we start with the topic card?', createdAt: new Date(startedAt.getTime() + 30_000) });
  // Scheduled practice: the second peer's time the first booked (in two days) and one still open (in three).
  const quarterHour = (ms: number) => new Date(Math.ceil(ms / (15 * 60_000)) * 15 * 60_000);
  const bookedAt = quarterHour(now.getTime() + 2 * DAY_MS);
  const openAt = quarterHour(now.getTime() + 3 * DAY_MS);
  const [booked] = await db
    .insert(peerSlots)
    .values({ hostId: second!.id, guestId: first!.id, status: 'booked', mode: 'video', startAt: bookedAt, endAt: new Date(bookedAt.getTime() + 30 * 60_000), createdAt: boughtAt, bookedAt: boughtAt })
    .returning();
  const [open] = await db.insert(peerSlots).values({ hostId: second!.id, mode: 'audio', startAt: openAt, endAt: new Date(openAt.getTime() + 15 * 60_000), createdAt: boughtAt }).returning();
  await db.insert(peerSlotHolds).values([
    { slotId: booked!.id, userId: second!.id, startAt: booked!.startAt, endAt: booked!.endAt },
    { slotId: booked!.id, userId: first!.id, startAt: booked!.startAt, endAt: booked!.endAt },
    { slotId: open!.id, userId: second!.id, startAt: open!.startAt, endAt: open!.endAt },
  ]);
  // Kids peer practice: the demo parent switched it on for Diya Rao (9–11) at A2.
  const [diya] = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'kid'), eq(users.name, 'Diya Rao')));
  if (diya) {
    await db.update(users).set({ kidPeerConsentAt: boughtAt }).where(eq(users.id, diya.id));
    await db.insert(peerProfiles).values({ userId: diya.id, level: 'A2', firstLanguage: 'Hindi', createdAt: boughtAt, updatedAt: boughtAt }).onConflictDoNothing();
  }
  // Each rates the other: the first peer's stars go to the second, and the other way round.
  await db.insert(peerRatings).values([
    { callId: call!.id, raterId: first!.id, rateeId: second!.id, stars: demoPeers[1]!.stars, createdAt: endedAt, updatedAt: endedAt },
    { callId: call!.id, raterId: second!.id, rateeId: first!.id, stars: demoPeers[0]!.stars, createdAt: endedAt, updatedAt: endedAt },
  ]);
}

async function findUser(db: Db, role: Role, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.role, role), eq(users.email, email)));
  return row;
}

async function seedTutor(db: Db, tutor: (typeof demoTutors)[number], passwordHash: string) {
  if (await findUser(db, 'teacher', tutor.email)) return;
  const [user] = await db
    .insert(users)
    .values({ role: 'teacher', email: tutor.email, passwordHash, name: tutor.name, country: tutor.country, timezone: tutor.timezone })
    .returning({ id: users.id });
  if (!user) return;
  await db.insert(teachers).values({
    userId: user.id,
    bio: tutor.bio,
    tags: tutor.tags,
    subjects: tutor.subjects,
    rating: tutor.rating,
    ratingCount: tutor.ratingCount,
  });
  const ranges = Object.entries(tutor.week).flatMap(([weekday, list]) =>
    list.map(([start, end]) => ({ teacherId: user.id, weekday: Number(weekday), startMinute: toMinute(start), endMinute: toMinute(end) })),
  );
  await db.insert(teacherAvailability).values(ranges);
  if (tutor.reviews.length) {
    await db.insert(teacherReviews).values(tutor.reviews.map(([learnerName, ...review]) => ({ teacherId: user.id, learnerName, reviews: review })));
  }
}

async function seedAccount(db: Db, account: DemoAccount, passwordHash: string, now: Date) {
  if (await findUser(db, account.role, account.email)) return;
  const [user] = await db
    .insert(users)
    .values({
      role: account.role,
      email: account.email,
      passwordHash,
      name: account.name,
      country: account.country ?? 'IN',
      timezone: account.timezone ?? 'Asia/Kolkata',
      referralCode: referralCodeFor(account.email),
      ...account.flags,
    })
    .returning({ id: users.id, country: users.country, timezone: users.timezone });
  if (!user) return;
  const subscriptionId = account.planSlug ? await seedSubscription(db, user.id, account.planSlug, now) : null;
  if (account.session) {
    const tutor = await findUser(db, 'teacher', account.session.tutorEmail);
    if (!tutor) throw new Error(`seed: unknown tutor ${account.session.tutorEmail}`);
    const startAt = new Date(now.getTime() + account.session.startsInMin * 60_000);
    await db.insert(liveSessions).values({
      teacherId: tutor.id,
      learnerId: user.id,
      subject: account.session.subject,
      type: 'Regular',
      startAt,
      endAt: new Date(startAt.getTime() + classDurationMin({ subject: account.session.subject, forKids: false, isChatBooking: false }) * 60_000),
      subscriptionId,
    });
  }
  if (account.influencerStatus !== undefined) {
    await db.insert(influencers).values({
      userId: user.id,
      referralCode: `${account.name.split(' ')[0]!.toUpperCase()}10`,
      couponDiscountPercent: NEW_AFFILIATE_COUPON_PERCENT,
      status: account.influencerStatus,
      ...account.application,
    });
  }
  for (const kid of account.kids ?? []) {
    const [row] = await db
      .insert(users)
      .values({ role: 'kid', parentId: user.id, name: kid.name, avatar: kid.avatar, dob: kid.dob, country: user.country, timezone: user.timezone })
      .returning({ id: users.id });
    for (const [subject, sessionsAvailable] of Object.entries(kid.sessions ?? {})) {
      await db.insert(kidSessionBalances).values({ kidId: row!.id, subject, sessionsAvailable });
    }
  }
}

async function seedSubscription(db: Db, learnerId: string, planSlug: string, now: Date): Promise<string> {
  const [plan] = await db.select().from(plans).where(eq(plans.slug, planSlug));
  if (!plan) throw new Error(`seed: unknown plan ${planSlug}`);
  const [row] = await db
    .insert(subscriptions)
    .values({
      learnerId,
      planId: plan.id,
      subjects: [plan.subject],
      subscriptionType: plan.subscriptionType,
      availableSession: plan.sessionCount - 2,
      availableWeeklySession: plan.weeklySessions,
      backlogSession: 1,
      startsAt: now,
      expiresAt: new Date(now.getTime() + plan.validityDays * DAY_MS),
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Stable, readable codes for demo accounts: the local part of the email (letters and digits), upper-cased. */
const referralCodeFor = (email: string) => email.split('@')[0]!.replace(/[^a-z0-9]/gi, '').toUpperCase().slice(0, 10);
