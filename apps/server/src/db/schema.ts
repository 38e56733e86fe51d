import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CURRICULUM_LEVELS } from '@parley/domain/curriculum';
import { moderatorActionKinds } from '@parley/domain/moderation';
import { teamSizes, tutorApplicationSubjects } from '@parley/domain/outreach';
import { PEER_LEVELS, peerCallEndReasons, peerCallModes, peerCallStatuses } from '@parley/domain/peer';
import { peerSlotStatuses } from '@parley/domain/peer-slots';
import { roles } from '@parley/domain/roles';
import { SPENT_FROM } from '@parley/domain/sessions';

// One schema for PGlite and PostgreSQL. Instants are timestamptz (UTC); money is integer minor units.
export const roleEnum = pgEnum('role', roles);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Every account. A kid is a user with a parent; a teacher has a row in `teachers` too. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: roleEnum('role').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phoneNumber: text('phone_number'),
    dob: date('dob'),
    country: text('country').notNull().default('IN'),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    avatar: text('avatar'),
    isPhoneNumberVerified: boolean('is_phone_number_verified').notNull().default(false),
    isDemoPayed: boolean('is_demo_payed').notNull().default(false),
    isIeltsDemoPayed: boolean('is_ielts_demo_payed').notNull().default(false),
    isNewCurriculum: boolean('is_new_curriculum').notNull().default(false),
    isMigratedToCurriculum: boolean('is_migrated_to_curriculum').notNull().default(false),
    isPeerActive: boolean('is_peer_active').notNull().default(false),
    /** A kid's parent switched kids peer practice on (null: off, the default). */
    kidPeerConsentAt: timestamp('kid_peer_consent_at', { withTimezone: true }),
    /** The IELTS band the learner aims for (4.0–9.0 in halves), and their test date, when they give them. */
    ieltsBandGoal: numeric('ielts_band_goal', { precision: 2, scale: 1, mode: 'number' }),
    ieltsTestDate: date('ielts_test_date'),
    demoBookedSubjects: text('demo_booked_subjects').array().notNull().default(sql`'{}'::text[]`),
    parentId: uuid('parent_id'),
    referralCode: text('referral_code').unique(),
    referredBy: uuid('referred_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('users_role_email_unique').on(t.role, t.email),
    index('users_parent_idx').on(t.parentId),
    check('users_kid_has_parent', sql`(${t.role} = 'kid') = (${t.parentId} is not null)`),
    check('users_kid_peer_consent', sql`${t.kidPeerConsentAt} is null or ${t.role} = 'kid'`),
  ],
);

/** Server-side sessions behind every token, so logout and revocation are real. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The parent's session that opened this kid session: ending that one ends this one. */
    openedBy: uuid('opened_by'),
    /** The browser's long-lived device cookie, to tell one person's second account. */
    deviceId: text('device_id'),
    /**
     * Whether this sign-in's device counts as the owner's for the login limit. False once the owner
     * ended the account's other sign-ins (Sign out everywhere else, a new password): a lost phone's
     * guesses then count against the account, not a limit of its own.
     */
    ownersDevice: boolean('owners_device').notNull().default(true),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_opened_by_idx').on(t.openedBy), index('auth_sessions_device_idx').on(t.deviceId)],
);

/** Single-use, expiring links for the auth-less login. Only the token's hash is kept. */
export const loginLinks = pgTable('login_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A password reset link sent to an account's e-mail: stored as its hash, used once, for an hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_created').on(t.userId, t.createdAt)],
);

/** Append-only: every moderator action, with who did it, to whom and when. */
export const moderatorActions = pgTable(
  'moderator_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: uuid('moderator_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: moderatorActionKinds }).notNull(),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id),
    loginLinkId: uuid('login_link_id').references(() => loginLinks.id),
    /** Course reviews: the version approved or rejected, or the course unpublished (target: its creator). */
    courseVersionId: uuid('course_version_id'),
    /** Peer moderation: the report acted on (none for an unsuspension). */
    peerReportId: uuid('peer_report_id'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  // Append-only: a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE. The target index
  // finds a person's last decision (an affiliate's rejection reason, who blocked a tutor).
  (t) => [index('moderator_actions_created_idx').on(t.createdAt), index('moderator_actions_target_idx').on(t.targetUserId, t.action, t.createdAt)],
);

/** The spec's BUFFER and other stored settings, one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** The settings row holding the price settings (trial charges, the USD→INR rate). */
export const PRICE_SETTINGS_KEY = 'prices';

export const teachers = pgTable('teachers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  subjects: text('subjects').array().notNull().default(sql`'{}'::text[]`),
  rating: real('rating').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  isBlocked: boolean('is_blocked').notNull().default(false),
  isSalesPerson: boolean('is_sales_person').notNull().default(false),
});

/** Weekly availability in the tutor's own timezone: minutes from local midnight, end exclusive. */
export const teacherAvailability = pgTable(
  'teacher_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('teacher_availability_teacher_idx').on(t.teacherId),
    check('availability_weekday', sql`${t.weekday} between 0 and 6`),
    check('availability_range', sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

export const teacherDaysOff = pgTable(
  'teacher_days_off',
  {
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [unique('teacher_days_off_unique').on(t.teacherId, t.day)],
);

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  subscriptionType: text('subscription_type').notNull(),
  classDurationMin: smallint('class_duration_min').notNull(),
  sessionCount: integer('session_count').notNull(),
  weeklySessions: integer('weekly_sessions').notNull(),
  validityDays: integer('validity_days').notNull(),
  priceInrMinor: integer('price_inr_minor').notNull(),
  priceUsdMinor: integer('price_usd_minor').notNull(),
  /** Peer practice minutes each purchase adds to the buyer's peer balance. */
  peerMinutes: integer('peer_minutes').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    subjects: text('subjects').array().notNull(),
    subscriptionType: text('subscription_type').notNull(),
    availableSession: integer('available_session').notNull(),
    availableWeeklySession: integer('available_weekly_session').notNull(),
    backlogSession: integer('backlog_session').notNull().default(0),
    /** The subscription week (from startsAt) availableWeeklySession was last granted for (countsInWeek). */
    allowanceWeek: integer('allowance_week').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The plan bought later for the same subject, which took this one's unbooked sessions as its backlog; a session given back goes there. */
    carriedToId: uuid('carried_to_id').references((): AnyPgColumn => subscriptions.id),
    /** The page's key for a wallet purchase: the same purchase sent again (a retry after a lost answer) is charged once. */
    requestKey: uuid('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_learner_idx').on(t.learnerId),
    uniqueIndex('subscriptions_request_key_idx').on(t.learnerId, t.requestKey),
    check('subscription_counts_non_negative', sql`${t.availableSession} >= 0 and ${t.availableWeeklySession} >= 0 and ${t.backlogSession} >= 0`),
  ],
);

/** Affiliate partners. */
export const influencers = pgTable('influencers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referralCode: text('referral_code').notNull().unique(),
  couponDiscountPercent: smallint('coupon_discount_percent').notNull().default(0),
  status: text('status').notNull().default(''),
  /** From the application (/affiliate/apply): where they share Parley, and who follows them there; '' for older rows. */
  channel: text('channel').notNull().default(''),
  audience: text('audience').notNull().default(''),
});

/** Dated promotional banners. */
export const banners = pgTable('banners', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  discountPercent: smallint('discount_percent').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/**
 * Booked live sessions. The database refuses two overlapping booked sessions for one tutor or
 * one learner: exclusion constraints over tstzrange(start_at, end_at), added in a custom
 * migration because Drizzle cannot express EXCLUDE.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id),
    /** Who attends: a learner, or a kid. */
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    type: text('type', { enum: ['Demo', 'Regular'] }).notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] }).notNull().default('booked'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    forKids: boolean('for_kids').notNull().default(false),
    isChatBooking: boolean('is_chat_booking').notNull().default(false),
    topicId: text('topic_id'),
    certificateId: text('certificate_id'),
    level: text('level'),
    /** The subscription whose quota paid for it (null for demos and kids' packs). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** Which of that subscription's counts the session came from, and when, so a give-back returns it there (null before it was kept). */
    spentFrom: text('spent_from', { enum: SPENT_FROM }),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['learner', 'tutor'] }),
    cancelReason: text('cancel_reason'),
    /** Whether the session spent on it was given back (cancellation or a tutor no-show). */
    refunded: boolean('refunded').notNull().default(false),
    /** The session this one replaced when it was booked as a reschedule. */
    rescheduledFromId: uuid('rescheduled_from_id'),
    /** The other way: the session this one was moved to (a cancelled session that was rescheduled, not called off). */
    rescheduledToId: uuid('rescheduled_to_id'),
    /** Decided by a job at the end from the presence records; null until then. */
    outcome: text('outcome', { enum: ['Completed', 'LearnerNoShow', 'TutorNoShow'] }),
    learnerMinutes: integer('learner_minutes'),
    tutorMinutes: integer('tutor_minutes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_sessions_learner_idx').on(t.learnerId, t.startAt),
    index('live_sessions_teacher_idx').on(t.teacherId, t.startAt),
    // Booked sessions by end: a schedule's, a booking's and the dashboards' "booked, not ended"
    // reads touch only the few sessions ahead instead of a tutor's or learner's whole history.
    index('live_sessions_teacher_booked_idx').on(t.teacherId, t.endAt).where(sql`${t.status} = 'booked'`),
    index('live_sessions_learner_booked_idx').on(t.learnerId, t.endAt).where(sql`${t.status} = 'booked'`),
    check('live_sessions_positive_length', sql`${t.endAt} > ${t.startAt}`),
    check('live_sessions_spent_from', sql`${t.spentFrom} in (${sql.raw(SPENT_FROM.map((from) => `'${from}'`).join(', '))})`),
    check('live_sessions_spent_with_subscription', sql`(${t.spentFrom} is null) = (${t.spentAt} is null) and (${t.spentFrom} is null or ${t.subscriptionId} is not null)`),
  ],
);

/** Sessions a parent bought for one kid and one subject. */
export const kidSessionBalances = pgTable(
  'kid_session_balances',
  {
    kidId: uuid('kid_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    sessionsAvailable: integer('sessions_available').notNull().default(0),
  },
  (t) => [
    unique('kid_session_balances_unique').on(t.kidId, t.subject),
    check('kid_sessions_non_negative', sql`${t.sessionsAvailable} >= 0`),
  ],
);

/**
 * A parent's wallet purchase of sessions (or the demo) for one of their kids. The request key is
 * the panel's, one per filled-in purchase: the same purchase sent again (a double click, a retry
 * after a lost answer) is charged once.
 */
export const kidSessionPurchases = pgTable(
  'kid_session_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    sessionsBought: integer('sessions_bought').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    requestKey: uuid('request_key'),
    createdAt: createdAt(),
  },
  (t) => [index('kid_session_purchases_kid_idx').on(t.kidId), uniqueIndex('kid_session_purchases_request_key_idx').on(t.parentId, t.requestKey)],
);

export const favouriteTeachers = pgTable(
  'favourite_teachers',
  {
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [unique('favourite_teachers_unique').on(t.learnerId, t.teacherId)],
);

/** A learner's name and the list of their reviews of one tutor. */
export const teacherReviews = pgTable(
  'teacher_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    reviews: text('reviews').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('teacher_reviews_teacher_idx').on(t.teacherId)],
);

/** One prepaid wallet per learner (parents fund their kids from it), in one currency. */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    /** bigint: a balance adds up top-ups (each up to 10 lakh rupees), past what an integer holds. */
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallet_balance_non_negative', sql`${t.balanceMinor} >= 0`)],
);

/**
 * The wallet ledger: every entry stores its amount and the closing balance
 * after it. A payment's credit and its cashback are keyed by the provider's payment id, so a
 * replayed verification or webhook cannot credit twice.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => wallets.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['credit', 'debit', 'cashback'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    closingBalanceMinor: bigint('closing_balance_minor', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    description: text('description').notNull(),
    paymentId: text('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.createdAt),
    unique('wallet_entries_payment_unique').on(t.paymentId, t.kind),
    check('wallet_entry_positive', sql`${t.amountMinor} > 0`),
    check('wallet_entry_closing_non_negative', sql`${t.closingBalanceMinor} >= 0`),
  ],
);

/** Orders created with the payment provider. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id').references(() => users.id),
    purpose: text('purpose', { enum: ['Wallet', 'Demo', 'Plan', 'Courses', 'CourseGift', 'CourseSubscription'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    /**
     * Demo: subject; Plan: planId, and the live plan the buyer's page showed (seenSubscriptionId, when it said);
     * Wallet: offerId and cashback; Courses: courseIds and their prices then (coursePrices, in order); CourseGift:
     * giftId; CourseSubscription: subject.
     */
    details: jsonb('details')
      .notNull()
      .$type<{ subject?: string; planId?: string; seenSubscriptionId?: string | null; offerId?: string; cashbackMinor?: number; authLess?: boolean; courseIds?: string[]; coursePrices?: number[]; giftId?: string }>(),
    status: text('status', { enum: ['created', 'Success', 'Failed', 'canceled'] }).notNull().default('created'),
    paymentId: text('payment_id').unique(),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId),
    // One open demo order per signed-in learner and subject: concurrent checkouts share it, so only one can be paid.
    uniqueIndex('payment_orders_one_open_demo')
      .on(t.userId, sql`(${t.details} ->> 'subject')`)
      .where(sql`${t.purpose} = 'Demo' and ${t.status} = 'created' and not coalesce((${t.details} ->> 'authLess')::boolean, false)`),
  ],
);

/**
 * Payments the provider captured that could not be applied (what they paid for was already
 * paid, the plan left sale, the amount differs): kept for support, never dropped.
 */
export const unappliedPayments = pgTable('unapplied_payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: text('order_id')
    .notNull()
    .references(() => paymentOrders.id),
  paymentId: text('payment_id').notNull().unique(),
  userId: uuid('user_id').references(() => users.id),
  purpose: text('purpose', { enum: ['Wallet', 'Demo', 'Plan', 'Courses', 'CourseGift', 'CourseSubscription'] }).notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
  reason: text('reason', { enum: ['ALREADY_PAID', 'PLAN_UNAVAILABLE', 'COURSE_UNAVAILABLE', 'AMOUNT_MISMATCH', 'NOT_APPLICABLE'] }).notNull(),
  createdAt: createdAt(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/** Webhook deliveries already handled, by the provider's event id. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  receivedAt: createdAt(),
});

/** Wallet offers: a coupon for an exact top-up amount, with its cashback. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coupon: text('coupon').notNull(),
    validFor: text('valid_for').notNull().default('Wallet'),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    walletAmountMinor: integer('wallet_amount_minor').notNull(),
    cashbackMinor: integer('cashback_minor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [unique('offers_coupon_currency_unique').on(t.coupon, t.currency)],
);

/** The built-in sandbox provider's own orders (what the real provider keeps on its side). */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
  paymentId: text('payment_id'),
  status: text('status', { enum: ['created', 'paid', 'failed'] }).notNull().default('created'),
  /** The signed webhook the settlement sends (its body and event id), kept until Parley took it: a crash cannot lose it. */
  webhookBody: text('webhook_body'),
  webhookEventId: text('webhook_event_id'),
  webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One conversation between a learner (or kid) and a tutor. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: uuid('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    learnerUnread: integer('learner_unread').notNull().default(0),
    teacherUnread: integer('teacher_unread').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('chat_rooms_pair_unique').on(t.learnerId, t.teacherId), index('chat_rooms_teacher_idx').on(t.teacherId)],
);

/**
 * Messages, stored before they are acknowledged or broadcast. `seq` orders them and lets a
 * client that reconnects ask for everything after the last one it saw.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    senderRole: text('sender_role', { enum: ['Learner', 'Teacher'] }).notNull(),
    type: text('type', { enum: ['Text', 'File', 'Session'] }).notNull(),
    message: text('message').notNull(),
    /** Session messages: Requested until the tutor answers, or Expired (chat-request-jobs.ts). */
    status: text('status', { enum: ['Requested', 'Booked', 'Rejected', 'Expired'] }),
    sessionDate: text('session_date'),
    sessionTime: text('session_time'),
    sessionStartAt: timestamp('session_start_at', { withTimezone: true }),
    subject: text('subject'),
    topic: jsonb('topic').$type<{ id: string; name: string; level: string; kind: 'topic' | 'certificate' }>(),
    forKids: boolean('for_kids').notNull().default(false),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    filePath: text('file_path'),
    bookedSessionId: uuid('booked_session_id').references(() => liveSessions.id),
    /** The sender's id for a text message (`clientMessageId`): sent twice, it is stored once. */
    clientMessageId: uuid('client_message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_room_seq_idx').on(t.roomId, t.seq), uniqueIndex('chat_messages_client_id_idx').on(t.senderId, t.clientMessageId)],
);

/** Who joined with whose referral code, and whether the referrer has been rewarded. */
export const referrals = pgTable('referrals', {
  referredId: uuid('referred_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrerId: uuid('referrer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** joined → qualified (the referee's first payment, inside that payment) → rewarded (its own job). */
  status: text('status', { enum: ['joined', 'qualified', 'rewarded'] }).notNull().default('joined'),
  qualifyingPaymentId: text('qualifying_payment_id'),
  qualifyingAmountMinor: integer('qualifying_amount_minor'),
  qualifyingCurrency: text('qualifying_currency', { enum: ['INR', 'USD'] }),
  rewardMinor: integer('reward_minor'),
  rewardCurrency: text('reward_currency', { enum: ['INR', 'USD'] }),
  createdAt: createdAt(),
  rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
});

/** A refund the provider reported (refund.processed), by its own id: a payment may be refunded in parts. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_refunds_payment_idx').on(t.paymentId), check('payment_refund_positive', sql`${t.amountMinor} > 0`)],
);

// ---- Affiliates ----------------------------------------------------------------------------

/** A landing visit through an affiliate's code or campaign link (the dashboard's clicks). */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    landingPath: text('landing_path').notNull(),
    /** Who clicked (domain `affiliateVisit`), as an HMAC with the server's secret: no address is stored. Null in seeded history. */
    visitorKey: text('visitor_key'),
    /** The click's UTC day: with `visitorKey`, one click per visitor, affiliate and day. */
    visitDay: date('visit_day', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('affiliate_clicks_influencer_created_idx').on(t.influencerId, t.createdAt),
    uniqueIndex('affiliate_clicks_one_a_day').on(t.influencerId, t.visitorKey, t.visitDay),
  ],
);

/** Who brought a learner: one row per learner, written at sign-up (first touch within 30 days). */
export const affiliateAttributions = pgTable(
  'affiliate_attributions',
  {
    learnerId: uuid('learner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The visit that touched first (none when the code was typed at sign-up). */
    clickId: uuid('click_id').references(() => affiliateClicks.id, { onDelete: 'set null' }),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_attributions_influencer_created_idx').on(t.influencerId, t.createdAt), check('affiliate_attribution_not_self', sql`${t.learnerId} <> ${t.influencerId}`)],
);

/**
 * One line per captured payment of an attributed learner. Written pending inside the payment
 * (its own row only); the commission job computes and credits it in its own transaction.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull().unique(),
    paidMinor: integer('paid_minor').notNull(),
    paidCurrency: text('paid_currency', { enum: ['INR', 'USD'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Set by the job (0 when the payment does not qualify). */
    amountMinor: integer('amount_minor'),
    currency: text('currency', { enum: ['INR', 'USD'] }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** How much of the payment was refunded so far, and how much commission that took back. */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    reversedMinor: integer('reversed_minor').notNull().default(0),
  },
  (t) => [
    index('affiliate_commissions_influencer_paid_idx').on(t.influencerId, t.paidAt),
    // Paying learners and each learner's first payment and earnings, read from the index alone.
    index('affiliate_commissions_influencer_learner_idx').on(t.influencerId, t.learnerId, t.paidAt),
    index('affiliate_commissions_pending_idx').on(t.paidAt).where(sql`${t.creditedAt} is null`),
    check('affiliate_commission_credited', sql`(${t.creditedAt} is null) = (${t.amountMinor} is null) and (${t.amountMinor} is null) = (${t.currency} is null)`),
    check('affiliate_commission_amounts', sql`${t.amountMinor} >= 0 and ${t.reversedMinor} >= 0 and ${t.reversedMinor} <= coalesce(${t.amountMinor}, 0) and ${t.refundedMinor} between 0 and ${t.paidMinor}`),
  ],
);

/** The affiliate's available balance, locked by every ledger entry (commission, reversal, payout). */
export const affiliateBalances = pgTable('affiliate_balances', {
  influencerId: uuid('influencer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
  /** Negative only when a refund took back commission already paid out. */
  balanceMinor: integer('balance_minor').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The earnings ledger: each entry keeps the closing balance; `sourceKey` makes every effect happen once. */
export const affiliateLedger = pgTable(
  'affiliate_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => affiliateBalances.influencerId, { onDelete: 'cascade' }),
    /** payout_returned: a payout that failed at the provider gives its amount back, once. */
    kind: text('kind', { enum: ['commission', 'reversal', 'payout', 'payout_returned'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    closingBalanceMinor: integer('closing_balance_minor').notNull(),
    commissionId: uuid('commission_id').references(() => affiliateCommissions.id),
    payoutId: uuid('payout_id'),
    sourceKey: text('source_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('affiliate_ledger_influencer_created_idx').on(t.influencerId, t.createdAt),
    check('affiliate_ledger_positive', sql`${t.amountMinor} > 0`),
    // A payout never takes the balance below zero, whatever the application does.
    check('affiliate_ledger_payout_covered', sql`${t.kind} <> 'payout' or ${t.closingBalanceMinor} >= 0`),
  ],
);

/** Where payouts go, sealed with AES-256-GCM (lib/sealed-box.ts); only the last four are kept in clear. */
export const affiliateBankDetails = pgTable('affiliate_bank_details', {
  influencerId: uuid('influencer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['IN', 'INTL'] }).notNull(),
  sealed: text('sealed').notNull(),
  accountLast4: text('account_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payout requests: the amount leaves the balance when asked; the payout job sends it to the payout
 * provider (requested → processing → paid, or failed with the amount back in the balance).
 */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    influencerId: uuid('influencer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    status: text('status', { enum: ['requested', 'processing', 'paid', 'failed'] }).notNull().default('requested'),
    accountLast4: text('account_last4').notNull(),
    /** The provider's payout id (RazorpayX `pout_…`), once it made one. */
    providerPayoutId: text('provider_payout_id'),
    /** The bank's reference (UTR) once paid. */
    providerReference: text('provider_reference'),
    /** Why a failed payout failed, shown to the affiliate. */
    failureReason: text('failure_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The live chain of the payout's jobs. Each start-up takes open payouts up again with a new
     * chain; a job of an older chain (its retries, its follow-up checks) then does nothing, so
     * restarts never leave two chains polling the provider for one payout.
     */
    jobChain: integer('job_chain').notNull().default(0),
  },
  (t) => [
    index('affiliate_payouts_influencer_idx').on(t.influencerId, t.requestedAt),
    index('affiliate_payouts_open_idx').on(t.requestedAt).where(sql`${t.status} in ('requested', 'processing')`),
    check('affiliate_payout_positive', sql`${t.amountMinor} > 0`),
    check('affiliate_payout_paid', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('affiliate_payout_failed', sql`(${t.status} = 'failed') = (${t.failureReason} is not null)`),
    check('affiliate_payout_processing', sql`${t.status} <> 'processing' or ${t.providerPayoutId} is not null`),
  ],
);

// ---- Courses -------------------------------------------------------------------------------

/** Uploaded files. The bytes live in the media store (local DATA_DIR or S3) under `storageKey`. */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id),
    kind: text('kind', { enum: ['video', 'pdf', 'image', 'captions'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** A video's length in whole seconds, as its container says (null: not a video, or it does not say). */
    durationSeconds: integer('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('media_files_owner_idx').on(t.ownerId)],
);

/** A course's identity; what learners see is its live (approved) version. */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject', { enum: ['English', 'IELTS', 'Kids', 'AI'] }).notNull(),
    /** Set by the first approval; learners see only courses with one that are not unpublished. */
    liveVersionId: uuid('live_version_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    unpublishReason: text('unpublish_reason'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_creator_idx').on(t.creatorId), index('courses_live_subject_idx').on(t.subject, t.publishedAt).where(sql`${t.liveVersionId} is not null and ${t.unpublishedAt} is null`)],
);

export type CourseModulesJson = {
  id: string;
  title: string;
  lessons: {
    id: string;
    title: string;
    kind: 'video' | 'pdf' | 'text';
    durationMin: number;
    isPreview: boolean;
    mediaId: string | null;
    /** A video lesson's WebVTT captions (absent in versions saved before captions existed). */
    captionsMediaId?: string | null;
    text: string;
  }[];
}[];

/** One version of a course's content. At most one version per course is being edited or reviewed. */
export const courseVersions = pgTable(
  'course_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    version: integer('version').notNull(),
    status: text('status', { enum: ['draft', 'in_review', 'approved', 'rejected'] }).notNull().default('draft'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    level: text('level', { enum: ['Beginner', 'Intermediate', 'Advanced'] }).notNull().default('Beginner'),
    coverMediaId: uuid('cover_media_id').references(() => mediaFiles.id),
    priceInrMinor: integer('price_inr_minor').notNull(),
    priceUsdMinor: integer('price_usd_minor').notNull(),
    /** Modules and their lessons, validated by the domain's draft schema before they are stored. */
    modules: jsonb('modules').notNull().$type<CourseModulesJson>().default([]),
    bonuses: jsonb('bonuses').notNull().$type<{ bonusName: string; mediaId: string }[]>().default([]),
    lessonCount: integer('lesson_count').notNull().default(0),
    durationMin: integer('duration_min').notNull().default(0),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('course_versions_course_version_unique').on(t.courseId, t.version),
    uniqueIndex('course_versions_one_open').on(t.courseId).where(sql`${t.status} in ('draft', 'in_review', 'rejected')`),
    index('course_versions_review_idx').on(t.status, t.submittedAt),
    index('course_versions_cover_idx').on(t.coverMediaId),
  ],
);

/** Who owns which course: bought, or redeemed from a gift. Owned once. */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    source: text('source', { enum: ['purchase', 'gift'] }).notNull(),
    /** What was paid for it, for the creator's revenue (a gift's redeemer paid nothing; the giver's payment counts). */
    amountMinor: integer('amount_minor').notNull().default(0),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    orderId: text('order_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('course_enrolments_pk').on(t.userId, t.courseId), index('course_enrolments_course_idx').on(t.courseId)],
);

export const courseCartItems = pgTable(
  'course_cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    addedAt: createdAt(),
  },
  (t) => [uniqueIndex('course_cart_items_pk').on(t.userId, t.courseId)],
);

/** A course paid for someone else; redeemed once, by whoever signs in with the link. */
export const courseGifts = pgTable(
  'course_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    message: text('message').notNull().default(''),
    /** SHA-256 of the redeem code; the code itself is only ever in the e-mail. */
    codeHash: text('code_hash').notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    /** 'refunded': expired unredeemed, its price back in the giver's wallet (`gift-expiry.ts`). */
    status: text('status', { enum: ['pending_payment', 'paid', 'redeemed', 'refunded'] }).notNull().default('pending_payment'),
    orderId: text('order_id'),
    /** The giver's key for one wallet gift: sending the same form again (a retry, a second tab) pays once. */
    requestKey: uuid('request_key'),
    redeemedBy: uuid('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_gifts_giver_idx').on(t.giverId), uniqueIndex('course_gifts_request_key_idx').on(t.giverId, t.requestKey)],
);

/** A course subscription: every course of its subject is open while it lasts. */
export const courseSubscriptions = pgTable(
  'course_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject', { enum: ['English', 'IELTS', 'Kids', 'AI'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: ['INR', 'USD'] }).notNull(),
    orderId: text('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('course_subscriptions_user_idx').on(t.userId, t.subject, t.endsAt), unique('course_subscriptions_order_unique').on(t.orderId)],
);

/** A learner's place and time in one lesson (lesson ids carry over between a course's versions). */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    lessonId: uuid('lesson_id').notNull(),
    positionSeconds: real('position_seconds').notNull().default(0),
    secondsSpent: integer('seconds_spent').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    startedAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_progress_pk').on(t.userId, t.lessonId), index('lesson_progress_course_idx').on(t.userId, t.courseId)],
);

export const courseRatings = pgTable(
  'course_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id),
    stars: smallint('stars').notNull(),
    review: text('review').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_ratings_pk').on(t.userId, t.courseId), check('course_ratings_stars', sql`${t.stars} between 1 and 5`)],
);

/** Issued once per learner and course, when every lesson is complete; checkable by its code. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** A course's certificate, or (curriculumLevel) a curriculum level's: exactly one is set. */
    courseId: uuid('course_id').references(() => courses.id),
    curriculumLevel: text('curriculum_level', { enum: CURRICULUM_LEVELS }),
    learnerName: text('learner_name').notNull(),
    /** What it certifies, as printed: the course's title or the level's certificate name. */
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The day it says it was issued on: the learner's day at `issuedAt`, in their zone then (the PDF, the list and the public check show it). */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    unique('certificates_user_course_unique').on(t.userId, t.courseId),
    unique('certificates_user_level_unique').on(t.userId, t.curriculumLevel),
    check('certificates_one_subject', sql`(${t.courseId} is null) <> (${t.curriculumLevel} is null)`),
  ],
);

/** Short free videos for learners and kids, playable without buying. */
export const libraryVideos = pgTable('library_videos', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  audience: text('audience', { enum: ['learners', 'kids', 'both'] }).notNull(),
  mediaId: uuid('media_id')
    .notNull()
    .references(() => mediaFiles.id),
  durationSeconds: integer('duration_seconds').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** Outgoing e-mail: every message is written here first; a job sends it over SMTP when configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'mail' (to an e-mail address, through the mail transport) or 'sms' (to a phone number, through the SMS transport). */
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull().default('mail'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the message is about, for finding it again (a gift id, a session id). */
    topic: text('topic'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'kept'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

/**
 * The code a learner was sent to verify their phone number: one open code per learner (a new
 * send replaces it), kept only as an HMAC, for the number it was sent to.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
});

/** Every code sent, for the sends-per-hour limit. */
/** A stored number's handset key, in SQL as `phoneLimitKey` computes it: its last 10 digits. */
export const phoneKeyOf = (number: SQLWrapper) => sql`right(regexp_replace(${number}, '[^0-9]', '', 'g'), 10)`;

export const phoneCodeSends = pgTable(
  'phone_code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code went to: sends are limited per number too, whichever accounts ask. */
    phoneNumber: text('phone_number'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('phone_code_sends_user_idx').on(t.userId, t.sentAt), index('phone_code_sends_key_idx').on(phoneKeyOf(t.phoneNumber), t.sentAt)],
);

// ---- Live sessions: the classroom, attendance, reminders, notifications -------------------------

/** Each stretch someone spent in a session's class: from joining to leaving (null while there). */
export const sessionPresence = pgTable(
  'session_presence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: ['learner', 'tutor'] }).notNull(),
    /** The socket that joined, so a leave or a dropped connection closes the right stretch. */
    connectionId: text('connection_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [index('session_presence_session_idx').on(t.sessionId, t.side), index('session_presence_connection_idx').on(t.connectionId)],
);

/** The in-call text chat, kept with the session. */
export const meetingMessages = pgTable(
  'meeting_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_messages_session_idx').on(t.sessionId, t.createdAt)],
);

/** Reminders already sent: one row per session, offset and recipient makes a reminder go once. */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id),
    offsetMin: integer('offset_min').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('session_reminders_pk').on(t.sessionId, t.offsetMin, t.recipientId)],
);

/** In-app notifications behind the bell in every shell. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Insertion order: notifications stored in one millisecond (PGlite's clock) still list newest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

// ---- Peer practice: profiles, minutes, the queue and calls --------------------------------------

/** A peer's practice profile: created by the placement; suspension and warnings come from moderators. */
export const peerProfiles = pgTable('peer_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: text('level', { enum: PEER_LEVELS }).notNull(),
  firstLanguage: text('first_language').notNull(),
  languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
  interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
  availability: text('availability').notNull().default(''),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  warnings: integer('warnings').notNull().default(0),
  lastWarningReason: text('last_warning_reason'),
  lastWarnedAt: timestamp('last_warned_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each user's peer minutes; the row is locked by whatever changes it. */
export const peerBalances = pgTable(
  'peer_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    availableMinutes: integer('available_minutes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('peer_balance_non_negative', sql`${t.availableMinutes} >= 0`)],
);

/** Calls between two peers; `first` is the polite side of the WebRTC negotiation. */
export const peerCalls = pgTable(
  'peer_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mode: text('mode', { enum: peerCallModes }).notNull(),
    status: text('status', { enum: peerCallStatuses }).notNull().default('matched'),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    /** Both sides joined for the first time; the call's clock starts. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The smaller balance at the start runs out. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: peerCallEndReasons }),
    durationMs: integer('duration_ms'),
    /** A scheduled slot's call: both sides must have joined by then (null: the queue's join timeout applies). */
    joinDeadline: timestamp('join_deadline', { withTimezone: true }),
    /** A scheduled slot's call also ends when its slot does, or once it has run the slot's length when both joined early (null: a call from the queue). */
    scheduledEndAt: timestamp('scheduled_end_at', { withTimezone: true }),
  },
  (t) => [
    index('peer_calls_open_idx').on(t.status).where(sql`${t.status} <> 'ended'`),
    check('peer_calls_started', sql`(${t.startedAt} is null) = (${t.endsAt} is null) and (${t.status} <> 'live' or ${t.startedAt} is not null)`),
    check('peer_calls_ended', sql`(${t.status} = 'ended') = (${t.endedAt} is not null and ${t.endReason} is not null and ${t.durationMs} is not null)`),
    check('peer_calls_duration', sql`${t.durationMs} >= 0`),
  ],
);

/**
 * The two sides of a call. `active` until the call ends: a user is on the active side of at most
 * one call (a partial unique index), whichever side they are.
 */
export const peerCallSides = pgTable(
  'peer_call_sides',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => peerCalls.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['first', 'second'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** First joined the call's page. */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** Left with no connection still in the call (null while present, or before joining). */
    leftAt: timestamp('left_at', { withTimezone: true }),
    chargedMinutes: integer('charged_minutes'),
    remainingMinutes: integer('remaining_minutes'),
  },
  (t) => [
    uniqueIndex('peer_call_sides_pk').on(t.callId, t.side),
    unique('peer_call_sides_call_user_unique').on(t.callId, t.userId),
    uniqueIndex('peer_call_sides_one_active_call').on(t.userId).where(sql`${t.active}`),
    index('peer_call_sides_user_idx').on(t.userId, t.callId),
    check('peer_call_sides_charge', sql`(${t.chargedMinutes} is null) = (${t.remainingMinutes} is null) and (${t.chargedMinutes} is null or (${t.chargedMinutes} >= 0 and ${t.remainingMinutes} >= 0))`),
  ],
);

/** One row per connection in a call's page; a node refreshes `beat_at` of its own connections. */
export const peerCallPresence = pgTable(
  'peer_call_presence',
  {
    connectionId: text('connection_id').notNull(),
    callId: uuid('call_id')
      .notNull()
      .references(() => peerCalls.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['first', 'second'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('peer_call_presence_pk').on(t.connectionId, t.callId), index('peer_call_presence_call_idx').on(t.callId, t.side)],
);

/**
 * The peer-minute ledger: each entry with its change and the balance after it. A plan's credit is
 * keyed by the subscription its purchase created, a call's charge by the call and the user.
 */
export const peerMinuteEntries = pgTable(
  'peer_minute_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['plan', 'call', 'transfer', 'referral'] }).notNull(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    callId: uuid('call_id').references(() => peerCalls.id),
    /** A transfer's other side (a parent giving minutes to their kid), or a referral's (the referrer or the referee). */
    counterpartId: uuid('counterpart_id').references(() => users.id, { onDelete: 'cascade' }),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('peer_minute_entries_user_idx').on(t.userId, t.createdAt),
    // A plan's credit once per subscription; a referral bonus once per side for the referee's plan.
    unique('peer_minute_entries_subscription_unique').on(t.subscriptionId, t.userId, t.reason),
    unique('peer_minute_entries_call_unique').on(t.callId, t.userId),
    check('peer_minute_entries_balance', sql`${t.balanceAfter} >= 0 and ${t.delta} <> 0`),
    check(
      'peer_minute_entries_reason',
      sql`(${t.reason} = 'plan' and ${t.delta} > 0 and ${t.subscriptionId} is not null and ${t.callId} is null and ${t.counterpartId} is null) or (${t.reason} = 'call' and ${t.delta} < 0 and ${t.callId} is not null and ${t.subscriptionId} is null and ${t.counterpartId} is null) or (${t.reason} = 'transfer' and ${t.counterpartId} is not null and ${t.callId} is null and ${t.subscriptionId} is null) or (${t.reason} = 'referral' and ${t.delta} > 0 and ${t.counterpartId} is not null and ${t.subscriptionId} is not null and ${t.callId} is null)`,
    ),
  ],
);

/**
 * Minutes a parent gave a kid, each under the request key the parent's page sent: a gift sent
 * again (a double click, a retry after a lost answer) finds its key taken and moves nothing.
 */
export const kidMinuteGifts = pgTable(
  'kid_minute_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
    requestKey: uuid('request_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('kid_minute_gifts_request_key_idx').on(t.parentId, t.requestKey), index('kid_minute_gifts_kid_idx').on(t.kidId), check('kid_minute_gifts_minutes', sql`${t.minutes} > 0`)],
);

/** Peers waiting for a partner: in the database, so every node matches from one queue. */
export const peerQueue = pgTable('peer_queue', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: text('level', { enum: PEER_LEVELS }).notNull(),
  firstLanguage: text('first_language').notNull(),
  mode: text('mode', { enum: peerCallModes }).notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
});

/** The in-call text chat, kept with the call. */
export const peerCallMessages = pgTable(
  'peer_call_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => peerCalls.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('peer_call_messages_call_idx').on(t.callId, t.createdAt)],
);

/** Each side's rating of the other after a call: one per call and rater, editable. */
export const peerRatings = pgTable(
  'peer_ratings',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => peerCalls.id, { onDelete: 'cascade' }),
    raterId: uuid('rater_id')
      .notNull()
      .references(() => users.id),
    rateeId: uuid('ratee_id')
      .notNull()
      .references(() => users.id),
    stars: smallint('stars').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('peer_ratings_pk').on(t.callId, t.raterId), check('peer_ratings_stars', sql`${t.stars} between 1 and 5`), check('peer_ratings_not_self', sql`${t.raterId} <> ${t.rateeId}`)],
);

/**
 * Scheduled practice: a time a peer (the host) publishes and another (the guest) books. The call
 * is created when the first side joins. Neither side may hold two overlapping slots: each holder
 * has a row in peer_slot_holds, which an exclusion constraint keeps apart (migration 0017).
 */
export const peerSlots = pgTable(
  'peer_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => users.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    mode: text('mode', { enum: peerCallModes }).notNull(),
    status: text('status', { enum: peerSlotStatuses }).notNull().default('open'),
    callId: uuid('call_id').references(() => peerCalls.id),
    createdAt: createdAt(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('peer_slots_open_idx').on(t.startAt).where(sql`${t.status} = 'open'`),
    index('peer_slots_host_idx').on(t.hostId, t.startAt),
    index('peer_slots_guest_idx').on(t.guestId, t.startAt),
    unique('peer_slots_call_unique').on(t.callId),
    check('peer_slots_times', sql`${t.endAt} > ${t.startAt}`),
    check('peer_slots_not_self', sql`${t.guestId} is null or ${t.guestId} <> ${t.hostId}`),
    check('peer_slots_guest', sql`(${t.status} = 'booked') = (${t.guestId} is not null)`),
    check('peer_slots_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
);

/** Who holds a slot's time (the host from publishing, the guest from booking); released when it is cancelled. */
export const peerSlotHolds = pgTable(
  'peer_slot_holds',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => peerSlots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('peer_slot_holds_pk').on(t.slotId, t.userId)],
);

/** One row per slot, reminder and recipient: whoever inserts it sends that reminder (a job may run twice). */
export const peerSlotReminders = pgTable(
  'peer_slot_reminders',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => peerSlots.id, { onDelete: 'cascade' }),
    offsetMin: integer('offset_min').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('peer_slot_reminders_pk').on(t.slotId, t.offsetMin, t.recipientId)],
);

/** A peer's report of their partner: one per call and reporter; a moderator resolves it. */
export const peerReports = pgTable(
  'peer_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => peerCalls.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    resolution: text('resolution', { enum: ['warned', 'suspended', 'dismissed'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    unique('peer_reports_call_reporter_unique').on(t.callId, t.reporterId),
    index('peer_reports_pair_idx').on(t.reporterId, t.reportedId),
    index('peer_reports_reported_idx').on(t.reportedId, t.reporterId),
    index('peer_reports_created_idx').on(t.createdAt),
    check('peer_reports_not_self', sql`${t.reporterId} <> ${t.reportedId}`),
    check('peer_reports_resolved', sql`(${t.resolution} is null) = (${t.resolvedAt} is null) and (${t.resolution} is null) = (${t.resolvedBy} is null)`),
  ],
);

// ---- Public pages: what visitors send from /organization and /teach-with-us ----

/** A domain list as SQL literals, for a check constraint (the values are the domain's own constants). */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '));

/** An organization's enquiry from /organization; moderators read them, newest first. */
export const organizationInquiries = pgTable(
  'organization_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    organization: text('organization').notNull(),
    email: text('email').notNull(),
    teamSize: text('team_size', { enum: teamSizes }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('organization_inquiries_created_idx').on(t.createdAt, t.id),
    check('organization_inquiries_team_size', sql`${t.teamSize} in (${sqlList(teamSizes)})`),
  ],
);

/** A tutor's application from /teach-with-us; moderators read them, newest first. */
export const tutorApplications = pgTable(
  'tutor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    subjects: text('subjects', { enum: tutorApplicationSubjects }).array().notNull(),
    experienceYears: smallint('experience_years').notNull(),
    bio: text('bio').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tutor_applications_created_idx').on(t.createdAt, t.id),
    check('tutor_applications_subjects', sql`cardinality(${t.subjects}) >= 1 and ${t.subjects} <@ array[${sqlList(tutorApplicationSubjects)}]::text[]`),
    check('tutor_applications_experience', sql`${t.experienceYears} between 0 and 60`),
  ],
);

// ---- The new curriculum: levels, their topics, and the tutors' marks on topic sessions ----

/** A level of the curriculum (A1…), in path order, with the certificate its test earns. */
export const curriculumLevels = pgTable('curriculum_levels', {
  code: text('code', { enum: CURRICULUM_LEVELS }).primaryKey(),
  position: smallint('position').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  /** The id a level-test booking carries as certificateId. */
  certificateId: uuid('certificate_id').notNull().unique().defaultRandom(),
  certificateName: text('certificate_name').notNull(),
});

/** A topic of a level, taken in `position` order: what to prepare and the words it practises. */
export const curriculumTopics = pgTable(
  'curriculum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    levelCode: text('level_code', { enum: CURRICULUM_LEVELS })
      .notNull()
      .references(() => curriculumLevels.code),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    goal: text('goal').notNull(),
    preparation: text('preparation').notNull(),
    vocabulary: text('vocabulary').array().notNull(),
  },
  (t) => [unique('curriculum_topics_level_position_unique').on(t.levelCode, t.position)],
);

/**
 * The tutor's mark on a curriculum session, once per session: a topic completed or not, or a
 * level test's score (completed = passed). A learner completes a topic, and passes a level, at
 * most once (partial unique indexes), whatever two tutors do at the same moment.
 */
export const curriculumReviews = pgTable(
  'curriculum_reviews',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => liveSessions.id),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => users.id),
    levelCode: text('level_code', { enum: CURRICULUM_LEVELS })
      .notNull()
      .references(() => curriculumLevels.code),
    topicId: uuid('topic_id').references(() => curriculumTopics.id),
    completed: boolean('completed').notNull(),
    score: smallint('score'),
    note: text('note').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('curriculum_reviews_learner_idx').on(t.learnerId, t.reviewedAt),
    uniqueIndex('curriculum_reviews_topic_once').on(t.learnerId, t.topicId).where(sql`${t.completed} and ${t.topicId} is not null`),
    uniqueIndex('curriculum_reviews_level_once').on(t.learnerId, t.levelCode).where(sql`${t.completed} and ${t.topicId} is null`),
    // A topic session has no score; a level test has one between 0 and 100.
    check('curriculum_reviews_score', sql`(${t.topicId} is null) = (${t.score} is not null) and (${t.score} is null or ${t.score} between 0 and 100)`),
  ],
);
