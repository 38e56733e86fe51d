import { and, eq, sql } from 'drizzle-orm';
import { presetTopUps } from '@parley/domain/money';
import { defaultPriceSettings } from '@parley/domain/pricing';
import { specBanners } from '@parley/domain/promo';
import type { Role } from '@parley/domain/roles';
import type { MediaStore } from '../../media/media-store';
import type { Db } from '../client';
import { banners, influencers, kidSessionBalances, liveSessions, offers, plans, PRICE_SETTINGS_KEY, settings, subscriptions, teacherAvailability, teacherReviews, teachers, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seedCourses } from './courses-seed';
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
  /** A session booked with a demo tutor, starting `startsInMin` after the seed runs (so its class can be opened at once). */
  session?: { tutorEmail: string; subject: string; startsInMin: number; minutes: number };
};

/** The accounts the README lists, with exactly these role labels. */
export const demoAccounts: DemoAccount[] = [
  { label: 'learner (subscribed)', role: 'learner', email: 'learner@parley.test', name: 'Rohan Sharma', planSlug: 'english-quick', flags: { phoneNumber: '+91 98200 12345', dob: '1996-04-12', isPhoneNumberVerified: true } },
  { label: 'learner (no subscription)', role: 'learner', email: 'newbie@parley.test', name: 'Emily Carter', country: 'US', timezone: 'America/New_York' },
  { label: 'learner (new curriculum)', role: 'learner', email: 'curriculum@parley.test', name: 'Neha Gupta', flags: { isNewCurriculum: true } },
  {
    label: 'learner (an English class with Arjun Menon starting 5 minutes after the first start)',
    role: 'learner',
    email: 'classroom@parley.test',
    name: 'Riya Kapoor',
    planSlug: 'english-quick',
    session: { tutorEmail: 'arjun.menon@parley.test', subject: 'English', startsInMin: 5, minutes: 25 },
  },
  {
    label: 'learner (an English class with Rahul Verma starting 3 hours after the first start: cancelling it spends the session)',
    role: 'learner',
    email: 'latecancel@parley.test',
    name: 'Ananya Iyer',
    planSlug: 'english-quick',
    session: { tutorEmail: 'rahul.verma@parley.test', subject: 'English', startsInMin: 180, minutes: 15 },
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
  { label: 'peer', role: 'peer', email: 'peer@parley.test', name: 'Kabir Das', flags: { isPeerActive: true } },
  { label: 'tutor', role: 'teacher', email: 'tutor@parley.test', name: 'Ananya Iyer' },
  { label: 'influencer (approved)', role: 'influencer', email: 'affiliate@parley.test', name: 'Tanya Malhotra', influencerStatus: 'Approved' },
  { label: 'influencer (pending)', role: 'influencer', email: 'affiliate.pending@parley.test', name: 'Irfan Qureshi', influencerStatus: 'Pending' },
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
  { slug: 'peer-monthly', name: 'Peer Learning · Monthly', subject: 'Peer', subscriptionType: 'peer_minutes', classDurationMin: 15, sessionCount: 0, weeklySessions: 0, validityDays: 30, priceInrMinor: 49900, priceUsdMinor: 900 },
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

/** Seeds when asked (`npm run seed`, SEED_DEMO=true) or, by default, when there are no users yet. */
export async function seedIfWanted(db: Db, media: MediaStore, seedDemo: boolean | undefined): Promise<void> {
  if (seedDemo === false) return;
  if (seedDemo === undefined) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) > 0) return;
  }
  await seedDemoData(db, media);
}

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
  await db.insert(offers).values(demoOffers()).onConflictDoNothing();
  for (const tutor of demoTutors) await seedTutor(db, tutor, passwordHash);
  for (const account of demoAccounts) {
    if (account.role !== 'teacher') await seedAccount(db, account, passwordHash, now);
  }
  await seedCourses(db, media, { now, passwordHash });
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
      endAt: new Date(startAt.getTime() + account.session.minutes * 60_000),
      subscriptionId,
    });
  }
  if (account.influencerStatus !== undefined) {
    await db.insert(influencers).values({
      userId: user.id,
      referralCode: `${account.name.split(' ')[0]!.toUpperCase()}10`,
      couponDiscountPercent: 10,
      status: account.influencerStatus,
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

/** Stable, readable codes for demo accounts: the local part of the email, upper-cased. */
const referralCodeFor = (email: string) => email.split('@')[0]!.replace(/[^a-z]/gi, '').toUpperCase().slice(0, 10);
