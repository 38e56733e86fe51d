import { z } from 'zod';
import { emailSchema } from './auth';
import { currencies, formatMoney, inrToUsdMinor, usdToInrMinor, type Currency, type Money } from './money';
import { currencySchema, moneySchema } from './money-schema';
import { countOf } from './plural';
import { safeText, singleLineText, trimmedLine, visibleLength } from './text';

// Courses and AI Courses: the catalogue, cart, purchase, gifts, course subscriptions, learning
// progress, ratings, certificates, and the creator's and moderator's sides. Every wire shape of
// /api/courses/..., /api/course/analytics/..., /api/certificates/..., /api/creator/...,
// /api/moderator/course-reviews/..., /api/library/... and /api/workshop-details/... is here.

export const courseSubjects = ['English', 'IELTS', 'Kids', 'AI'] as const;
export type CourseSubject = (typeof courseSubjects)[number];
export const courseSubjectSchema = z.enum(courseSubjects);

export const courseLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type CourseLevel = (typeof courseLevels)[number];

export const lessonKinds = ['video', 'pdf', 'text'] as const;
export type LessonKind = (typeof lessonKinds)[number];

/** Where a course version stands. Only an approved version is ever shown to learners. */
export const courseVersionStatuses = ['draft', 'in_review', 'approved', 'rejected'] as const;
export type CourseVersionStatus = (typeof courseVersionStatuses)[number];

/** What the creator's list shows for a course as a whole. */
export const courseStatuses = ['draft', 'in_review', 'published', 'rejected', 'unpublished'] as const;
export type CourseStatus = (typeof courseStatuses)[number];

// ---- Numbers ----------------------------------------------------------------------------

/** Catalogue pages: page 1, limit 100 by default (spec §9), never more than 100 a page. */
export const COURSE_PAGE_DEFAULT = 1;
export const COURSE_LIMIT_DEFAULT = 100;
export const COURSE_LIMIT_MAX = 100;
/** A cart holds at most this many courses. */
export const CART_MAX_COURSES = 20;
/** Lengths a creator may type. */
export const COURSE_TITLE_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 5_000;
export const LESSON_TEXT_MAX = 50_000;
export const MODULES_MAX = 30;
export const LESSONS_PER_MODULE_MAX = 50;
export const BONUSES_MAX = 10;
export const REVIEW_TEXT_MAX = 1_000;
export const REJECTION_REASON_MAX = 1_000;
export const GIFT_MESSAGE_MAX = 500;
/** Course prices per currency, in minor units: at least ₹49 / $0.99, at most ₹1,00,000 / $1,500. */
export const COURSE_PRICE_RANGE: Record<Currency, { minMinor: number; maxMinor: number }> = {
  INR: { minMinor: 4_900, maxMinor: 10_000_000 },
  USD: { minMinor: 99, maxMinor: 150_000 },
};
/** Upload limits by what the file is for; the type is checked on the file's content. */
export const MEDIA_LIMITS = {
  video: { maxBytes: 200 * 1024 * 1024, types: ['video/mp4', 'video/webm'] },
  pdf: { maxBytes: 20 * 1024 * 1024, types: ['application/pdf'] },
  image: { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] },
  /** A video lesson's captions, as a WebVTT file (the browser's own player shows them). */
  captions: { maxBytes: 1024 * 1024, types: ['text/vtt'] },
} as const;
/** The extension each accepted media type is saved and downloaded with. */
export const MEDIA_EXTENSIONS: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'text/vtt': 'vtt',
};
export type MediaKind = keyof typeof MEDIA_LIMITS;
export const mediaKinds = Object.keys(MEDIA_LIMITS) as MediaKind[];
/** What a bonus file may be (captions belong to a video lesson). */
export const BONUS_MEDIA_KINDS = ['video', 'pdf', 'image'] as const satisfies readonly MediaKind[];
/** An analytics beat counts at most this many seconds, so a tab left open cannot inflate time spent. */
export const ANALYTICS_BEAT_MAX_SECONDS = 120;
/**
 * A lesson can be marked complete only once it was opened and this much real time has passed
 * since (Parley's rule; the spec is silent): a video lesson, this share of its length, so
 * watching at 2× still completes it; a PDF or text lesson, a short read.
 */
export const LESSON_COMPLETE_VIDEO_SHARE = 0.5;
export const LESSON_COMPLETE_READ_MIN_SECONDS = 30;
/** A course subscription unlocks every course of its subject for this many days. */
export const COURSE_SUBSCRIPTION_DAYS = 30;
/** Its price per subject and currency, in minor units. */
export const COURSE_SUBSCRIPTION_PRICES: Record<CourseSubject, Record<Currency, number>> = {
  English: { INR: 99_900, USD: 1_499 },
  IELTS: { INR: 149_900, USD: 1_999 },
  Kids: { INR: 79_900, USD: 1_199 },
  AI: { INR: 129_900, USD: 1_799 },
};
/** A gift not redeemed within this many days can no longer be redeemed; its price goes back to the giver's wallet. */
export const GIFT_VALID_DAYS = 365;

/**
 * What an expired gift gives back to the giver's wallet: its price, in the wallet's currency. A
 * wallet's currency is fixed when it is made, so a giver who moved country since paid in the
 * other one: that price is converted at `usdToInrRate` (the rate on the day it comes back).
 */
export function giftRefund(paid: Money, walletCurrency: Currency, usdToInrRate: number): Money {
  if (paid.currency === walletCurrency) return paid;
  const amountMinor = walletCurrency === 'USD' ? inrToUsdMinor(paid.amountMinor, usdToInrRate) : usdToInrMinor(paid.amountMinor, usdToInrRate);
  return { amountMinor, currency: walletCurrency };
}

export function courseSubscriptionPrice(subject: CourseSubject, currency: Currency): Money {
  return { amountMinor: COURSE_SUBSCRIPTION_PRICES[subject][currency], currency };
}

/** Whole percent of lessons completed, rounded down, so 100 means every lesson is done. */
export function progressPercent(completedLessons: number, totalLessons: number): number {
  if (totalLessons <= 0) return 0;
  return Math.floor((Math.min(completedLessons, totalLessons) * 100) / totalLessons);
}

/** A certificate is issued when every lesson of the course is complete. */
export const earnsCertificate = (completedLessons: number, totalLessons: number) => totalLessons > 0 && completedLessons >= totalLessons;

/** A lesson as the completion rule reads it: a video's stated length, and its file's own when known. */
type TimedLesson = { kind: LessonKind; durationMin: number; mediaSeconds?: number | null };

/** How long a lesson must have been open before it can be marked complete: half the video (the shorter of its stated and its file's length), or a short read. */
const lessonCompleteWaitSeconds = (lesson: TimedLesson) =>
  lesson.kind === 'video' ? Math.min(lesson.durationMin * 60, lesson.mediaSeconds ?? Infinity) * LESSON_COMPLETE_VIDEO_SHARE : LESSON_COMPLETE_READ_MIN_SECONDS;

/**
 * Whether a lesson first opened at `startedAt` (null: never opened) can be marked complete at
 * `now`, and if not, the whole seconds left. Real time counts, not the time the client reports.
 */
export function lessonCompletion(
  lesson: TimedLesson,
  startedAt: Date | null,
  now: Date,
): { ready: true } | { ready: false; secondsLeft: number } {
  const waitSeconds = lessonCompleteWaitSeconds(lesson);
  const openSeconds = startedAt ? Math.max(0, (now.getTime() - startedAt.getTime()) / 1000) : 0;
  if (startedAt && openSeconds >= waitSeconds) return { ready: true };
  return { ready: false, secondsLeft: Math.ceil(waitSeconds - openSeconds) };
}

/** "in about 4 minutes", "in 30 seconds": when a lesson can be marked complete. */
const completableIn = (secondsLeft: number) => (secondsLeft < 60 ? `in ${countOf(secondsLeft, 'second')}` : `in about ${countOf(Math.ceil(secondsLeft / 60), 'minute')}`);

/** Ratings shown with one decimal; no ratings is 0. */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** Sum of prices of the cart's courses in one currency. */
export function cartTotal(prices: readonly Money[], currency: Currency): Money {
  return { amountMinor: prices.reduce((total, price) => total + price.amountMinor, 0), currency };
}

/** What the learner's side of courses says where the spec shows no text (Parley's own wording). */
export const courseMessages = {
  courseNotFound: 'Course not found',
  alreadyOwned: 'You already own this course.',
  alreadyOwnedNamed: (title: string) => `You already own "${title}".`,
  courseUnavailable: (title: string) => `"${title}" is no longer available.`,
  // Spec §3's low-balance text, about courses.
  insufficientWallet: 'You have insufficient wallet balance. Please add money to buy courses.',
  wrongSubject: 'This course is not in that subject.',
  cartFull: `Your cart holds at most ${CART_MAX_COURSES} courses.`,
  cartEmpty: 'Your cart is empty.',
  cartChanged: 'Your cart changed in another window. Check it and pay again.',
  coursesPurchased: 'Course purchased successfully',
  /** A cart paid by checkout of which some courses were owned, or off sale, by the time it was paid: their share is kept for a refund. */
  partlyDelivered: (reason: 'ALREADY_PAID' | 'COURSE_UNAVAILABLE', amount: string) =>
    `${reason === 'ALREADY_PAID' ? 'You already owned some of these courses' : 'Some of these courses are no longer on sale'}, so ${amount} of your payment was not used. Our support team has been told and will refund it.`,
  giftSent: 'Gift sent successfully',
  giftToSelf: 'Gift it to someone else.',
  giftNotFound: 'Gift not found',
  giftAlreadyRedeemed: 'This gift has already been redeemed.',
  /** The giver opened their own gift's link: it is for the person they gave it to. */
  giftIsYours: 'You gave this gift. Send the link to the person it is for.',
  giftExpired: 'This gift has expired.',
  giftRedeemed: 'Gift redeemed. The course is yours.',
  /** To the giver, when a gift expires unredeemed and its price is back in their wallet. */
  giftRefunded: (courseTitle: string, recipientName: string, amount: string) =>
    `${recipientName} did not redeem your gift of “${courseTitle}” within ${GIFT_VALID_DAYS} days, so the gift has expired and ${amount} is back in your wallet.`,
  courseSubscriptionActivated: 'Course subscription activated successfully',
  /** A Subscribe pressed on a page that did not show a subscription bought since (another tab, a second press): nothing is charged. */
  courseSubscriptionChanged: (subject: string) => `Your ${subject} subscription changed in another window. Check it before you subscribe again.`,
  startBeforeRating: 'Start the course before rating it.',
  /** Mark complete pressed before the lesson was open long enough (`lessonCompletion`); nothing changes. */
  lessonNotFinished: (kind: LessonKind, secondsLeft: number) => `${kind === 'video' ? 'Keep watching' : 'Keep reading'} — this lesson can be marked complete ${completableIn(secondsLeft)}.`,
} as const;

// ---- Schemas: learners --------------------------------------------------------------------

const id = z.uuid();
const stars = z.number().int().min(1).max(5);

export const courseCreatorSchema = z.object({ _id: z.string(), name: z.string() });

/** A catalogue card, priced in the viewer's currency. */
export const courseCardSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subject: courseSubjectSchema,
  level: z.enum(courseLevels),
  coverUrl: z.string().nullable(),
  creator: courseCreatorSchema,
  durationMin: z.number().int(),
  lessonCount: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  price: moneySchema,
});
export type CourseCard = z.infer<typeof courseCardSchema>;

/** GET /api/courses/getAllCourses?page&limit[&subject][&search] */
export const getAllCoursesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(COURSE_PAGE_DEFAULT),
  limit: z.coerce.number().int().min(1).max(COURSE_LIMIT_MAX).default(COURSE_LIMIT_DEFAULT),
  subject: courseSubjectSchema.optional(),
  search: singleLineText(100).optional(),
  /** Anonymous viewers pick the currency (INR by default); a signed-in learner's comes from their country. */
  currency: currencySchema.optional(),
});
export const getAllCoursesResponse = z.object({
  items: z.array(courseCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  currency: currencySchema,
});

export const lessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: z.enum(lessonKinds),
  durationMin: z.number().int(),
  isPreview: z.boolean(),
  /** True when the viewer may not open it (not owned and not a preview). */
  locked: z.boolean(),
  completed: z.boolean(),
  /** Text lessons, when unlocked. */
  text: z.string().nullable(),
  /** Video and PDF lessons, when unlocked: the file URL (range requests for video). */
  mediaUrl: z.string().nullable(),
  /** Video lessons with captions, when unlocked: the WebVTT file's URL. */
  captionsUrl: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const moduleSchema = z.object({ _id: z.string(), title: z.string(), lessons: z.array(lessonSchema) });

export const courseReviewSchema = z.object({ learnerName: z.string(), stars, review: z.string(), updatedAt: z.string() });

/** POST /api/courses/v2/getCourseData { courseId[, currency] }: the course page and the player. */
export const getCourseDataPayload = z.object({
  courseId: id,
  /** As in the catalogue: anonymous viewers pick the currency (INR by default); a signed-in learner's comes from their country. */
  currency: currencySchema.optional(),
});
export const courseDetailSchema = courseCardSchema.extend({
  description: z.string(),
  modules: z.array(moduleSchema),
  reviews: z.array(courseReviewSchema),
  owned: z.boolean(),
  /** Not owned, but open to the viewer through an active course subscription of its subject. */
  inSubscription: z.boolean(),
  inCart: z.boolean(),
  /** The viewer's own rating, when they gave one. */
  myRating: z.object({ stars, review: z.string() }).nullable(),
  /** Owners only: whole percent complete, and where to resume. */
  progressPercent: z.number().int().nullable(),
  resumeLessonId: z.string().nullable(),
  /** Owners only: bonus files this course unlocks. */
  bonuses: z.array(z.object({ bonusName: z.string() })),
  certificateId: z.string().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** Add to cart / remove from cart: AI courses carry subject=AI. */
export const cartItemPayload = z.object({ courseId: id, subject: courseSubjectSchema.optional() });
export const getCartQuery = z.object({ subject: courseSubjectSchema.optional() });
export const cartSchema = z.object({
  courses: z.array(courseCardSchema),
  count: z.number().int(),
  total: moneySchema,
  /** Courses in the cart that can no longer be bought (unpublished, or owned since): remove them to buy the rest. */
  unavailable: z.array(z.object({ _id: z.string(), title: z.string(), reason: z.enum(['unavailable', 'owned']) })).default([]),
});
export type Cart = z.infer<typeof cartSchema>;

/** How a purchase is paid: from the wallet at once, or through the checkout (sandbox or Razorpay). */
export const payMethods = ['wallet', 'checkout'] as const;
export const payMethodSchema = z.enum(payMethods);

/**
 * What a purchase answers: paid from the wallet (owned at once), or an order the checkout pays;
 * the checkout's success goes through POST /api/payments/verify like every other order.
 */
export const coursePurchaseResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('Success'), message: z.string(), courseIds: z.array(z.string()) }),
  z.object({ status: z.literal('checkout'), order: z.object({ id: z.string(), currency: currencySchema, amount: z.number().int() }) }),
]);
export type CoursePurchaseResponse = z.infer<typeof coursePurchaseResponse>;

/** POST /api/courses/buyCourse (Buy now) */
export const buyCoursePayload = z.object({ courseId: id, method: payMethodSchema });
/** POST /api/courses/buyCoursesFromCart: everything in the cart (of one subject when given), in one payment. */
export const buyFromCartPayload = z.object({
  method: payMethodSchema,
  subject: courseSubjectSchema.optional(),
  /** The courses the cart page showed: a cart changed since (in another tab) is refused, so the payment is for what was shown. */
  courseIds: z.array(id).max(CART_MAX_COURSES).optional(),
});

/** POST /api/courses/courseGifting */
export const courseGiftPayload = z.object({
  courseId: id,
  recipientEmail: emailSchema,
  recipientName: trimmedLine(80).min(1),
  message: safeText(GIFT_MESSAGE_MAX).default(''),
  method: payMethodSchema,
  /** Made when the gift form opens: a wallet gift sent again with the same key is paid once. */
  requestKey: z.uuid().optional(),
});
/** GET /api/courses/gifts/{code}: what a redeem link shows before redeeming. */
export const giftCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'Not a valid gift code' });
export const giftPreviewSchema = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  giverName: z.string(),
  recipientName: z.string(),
  message: z.string(),
  redeemed: z.boolean(),
  expired: z.boolean(),
});
/** POST /api/courses/gifts/redeem */
export const redeemGiftPayload = z.object({ code: giftCodeSchema });

/** GET /api/courses/subscription-plans: what buyCourseSubscription sells, in the viewer's currency. */
export const courseSubscriptionOfferSchema = z.object({ subject: courseSubjectSchema, days: z.number().int(), price: moneySchema });
export const courseSubscriptionPlansResponse = z.object({ items: z.array(courseSubscriptionOfferSchema) });
/** POST /api/courses/buyCourseSubscription */
export const buyCourseSubscriptionPayload = z.object({
  subject: courseSubjectSchema,
  method: payMethodSchema,
  /**
   * When the subject's subscription the page showed ends (its `endsAt` in getAllActiveSubscriptions;
   * null or left out: the page showed none). One bought since (another tab, a second press) refuses
   * this purchase as PLAN_CHANGED, so one Subscribe is charged once.
   */
  currentEndsAt: z.iso.datetime().nullable().optional(),
});
/** POST /api/courses/getAllActiveSubscriptions */
export const activeCourseSubscriptionsResponse = z.object({
  items: z.array(z.object({ subject: courseSubjectSchema, startsAt: z.string(), endsAt: z.string() })),
});

/** GET /api/courses/my-courses: owned courses (bought, gifted, or unlocked by a subscription) with progress. */
export const myCourseSchema = courseCardSchema.omit({ price: true }).extend({
  progressPercent: z.number().int(),
  resumeLessonId: z.string().nullable(),
  access: z.enum(['owned', 'subscription']),
  certificateId: z.string().nullable(),
});
export const myCoursesResponse = z.object({ items: z.array(myCourseSchema) });

/**
 * GET /api/courses/owned: the ids of every course the learner owns (bought or gifted; not those a
 * subscription opens), so catalogue cards offer Continue learning instead of Add to cart. Apart
 * from the catalogue, whose pages are cached for every viewer alike.
 */
export const ownedCoursesResponse = z.object({ courseIds: z.array(z.string()) });

/** POST /api/courses/rating/{id}: owners who started the course; one each, editable. */
/** A review of only spaces is no review: the text is kept without the spaces around it. */
export const ratingPayload = z.object({ stars, review: safeText(REVIEW_TEXT_MAX).transform((text) => text.trim()).default('') });
export const ratingResponse = z.object({ stars, review: z.string(), rating: z.number(), ratingCount: z.number().int() });

// ---- Analytics and progress -----------------------------------------------------------------

/** POST /api/course/analytics/start */
export const analyticsStartPayload = z.object({ courseId: id, lessonId: id });
/** PUT /api/course/analytics/update: a beat while a lesson is open. */
export const analyticsUpdatePayload = z.object({
  courseId: id,
  lessonId: id,
  /** Where the video is now, in seconds. */
  positionSeconds: z.number().min(0).max(24 * 3600),
  /** Seconds spent since the last beat; more than ANALYTICS_BEAT_MAX_SECONDS counts as that. */
  secondsSpent: z.number().min(0).max(24 * 3600),
});
export const lessonProgressSchema = z.object({
  lessonId: z.string(),
  positionSeconds: z.number(),
  secondsSpent: z.number().int(),
  completed: z.boolean(),
});
/** GET /api/course/analytics/course/{id} */
export const courseProgressSchema = z.object({
  courseId: z.string(),
  progressPercent: z.number().int(),
  secondsSpent: z.number().int(),
  resumeLessonId: z.string().nullable(),
  lessons: z.array(lessonProgressSchema),
  certificateId: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;
/** POST /api/course/analytics/{id}/complete { lessonId }: answers the course's progress (with a certificate once every lesson is done). */
export const completeLessonPayload = z.object({ lessonId: id });

// ---- Certificates ---------------------------------------------------------------------------

export const certificateCodeSchema = z.string().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/, { message: 'Not a valid certificate code' });
export const certificateSchema = z.object({
  _id: z.string(),
  code: z.string(),
  /** A course's certificate names the course; a curriculum level's names the level instead. */
  courseId: z.string().nullable(),
  curriculumLevel: z.string().nullable(),
  courseTitle: z.string(),
  learnerName: z.string(),
  issuedAt: z.string(),
  /** 'YYYY-MM-DD': the learner's day when it was issued, which the PDF, the list and the public check all show. */
  issuedOn: z.iso.date(),
  /** The PDF, for its owner: GET /api/certificates/{id}/pdf */
  pdfUrl: z.string(),
  /** The public page anyone can open to check it. */
  verifyPath: z.string(),
});
export const certificatesResponse = z.object({ items: z.array(certificateSchema) });
/** GET /api/certificates/verify/{code}: public. */
export const certificateVerificationSchema = z.object({
  code: z.string(),
  learnerName: z.string(),
  /** What was earned: a course completed, or a curriculum level passed (its test). */
  kind: z.enum(['course', 'level']),
  courseTitle: z.string(),
  issuedAt: z.string(),
  issuedOn: z.iso.date(),
});

// ---- Bonus material and the video library --------------------------------------------------

// What a draft's names say when missing. The draft's schema also reads drafts back (a draft
// stored before only-spaces names were refused must still open to be fixed): it needs a name of
// some characters, and what is saved or created needs one that shows (courseDraftPayload, createCoursePayload).
const missingName = { title: 'Give the course a title.', module: 'Name the module.', lesson: 'Name the lesson.', bonus: 'Name the file.' } as const;
const showsNothing = (text: string) => visibleLength(text) === 0;
/** Some characters, none that show: an empty name is refused by its own length check. */
const onlySpaces = (text: string) => text.length > 0 && showsNothing(text);

/** GET /api/workshop-details/get-bonus: files the learner's courses unlock. */
export const bonusListResponse = z.object({
  items: z.array(z.object({ bonusName: z.string(), courseId: z.string(), courseTitle: z.string(), sizeBytes: z.number().int(), downloadUrl: z.string() })),
});
export const bonusNameSchema = singleLineText(120).min(1, missingName.bonus);
/** GET /api/workshop-details/download-bonus?bonusName */
export const downloadBonusQuery = z.object({ bonusName: bonusNameSchema });

export const libraryAudiences = ['learners', 'kids'] as const;
/** GET /api/library/getVideos[?audience]: short free videos, playable without buying. */
export const getVideosQuery = z.object({ audience: z.enum(libraryAudiences).optional() });
export const libraryVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  durationSeconds: z.number().int(),
  audience: z.enum(['learners', 'kids', 'both']),
  videoUrl: z.string(),
});
export const libraryVideosResponse = z.object({ items: z.array(libraryVideoSchema) });

// ---- Creators -------------------------------------------------------------------------------

/** A course price's range in the currency's own units, as the editor says it: "₹49 to ₹1,00,000". */
export function coursePriceRangeText(currency: Currency): string {
  const { minMinor, maxMinor } = COURSE_PRICE_RANGE[currency];
  return `${formatMoney({ amountMinor: minMinor, currency })} to ${formatMoney({ amountMinor: maxMinor, currency })}`;
}

/** Said of a price typed in units the currency's prices do not take: rupee prices are whole rupees. */
export function coursePriceUnitsText(currency: Currency): string {
  const units = currency === 'INR' ? 'whole rupees' : 'dollars and cents';
  return `Enter the price in ${units}, from ${coursePriceRangeText(currency)}.`;
}

// The price is sent in minor units but typed in rupees or dollars: a refusal names the range as typed, not "4900".
const coursePrice = (currency: Currency) => {
  const problem = `Enter a price from ${coursePriceRangeText(currency)}.`;
  const { minMinor, maxMinor } = COURSE_PRICE_RANGE[currency];
  const price = z.number({ error: problem }).int(problem).min(minMinor, problem).max(maxMinor, problem);
  // Said alone: a price out of range or not whole has its own refusal above.
  const inRange = (minor: number) => Number.isInteger(minor) && minor >= minMinor && minor <= maxMinor;
  return currency === 'INR' ? price.refine((minor) => !inRange(minor) || minor % 100 === 0, coursePriceUnitsText(currency)) : price;
};

const priceInput = z.object(Object.fromEntries(currencies.map((currency) => [currency, coursePrice(currency)])) as Record<Currency, ReturnType<typeof coursePrice>>);

export const lessonInputSchema = z.object({
  _id: id,
  title: singleLineText(COURSE_TITLE_MAX).min(1, missingName.lesson),
  kind: z.enum(lessonKinds),
  durationMin: z.number().int().min(1).max(600),
  isPreview: z.boolean().default(false),
  /** Video and PDF lessons: an uploaded file of the matching kind. */
  mediaId: id.nullable().default(null),
  /** Video lessons: their captions, an uploaded WebVTT file (optional). */
  captionsMediaId: id.nullable().default(null),
  /** Text lessons. */
  text: safeText(LESSON_TEXT_MAX).default(''),
});
export type LessonInput = z.infer<typeof lessonInputSchema>;

export const moduleInputSchema = z.object({
  _id: id,
  title: singleLineText(COURSE_TITLE_MAX).min(1, missingName.module),
  lessons: z.array(lessonInputSchema).max(LESSONS_PER_MODULE_MAX, `Use at most ${LESSONS_PER_MODULE_MAX} lessons in a module`),
});

/** PUT /api/creator/courses/{id}/draft: the whole editable version; saving a draft never needs it complete. */
export const courseDraftInput = z.object({
  title: singleLineText(COURSE_TITLE_MAX).min(1, missingName.title),
  description: safeText(COURSE_DESCRIPTION_MAX).default(''),
  level: z.enum(courseLevels),
  coverMediaId: id.nullable().default(null),
  prices: priceInput,
  modules: z.array(moduleInputSchema).max(MODULES_MAX, `Use at most ${MODULES_MAX} modules`),
  bonuses: z.array(z.object({ bonusName: bonusNameSchema, mediaId: id })).max(BONUSES_MAX, `Use at most ${BONUSES_MAX} bonus files`).default([]),
});
export type CourseDraftInput = z.infer<typeof courseDraftInput>;

/**
 * The draft as the editor sends it: with the `savedAt` of the version it was loaded or last saved
 * as, so a save made meanwhile in another window is not silently overwritten (409 DRAFT_CHANGED).
 * Without it (a script that means to replace the draft) the save replaces whatever is there.
 */
export const courseDraftPayload = courseDraftInput.extend({ savedAt: z.iso.datetime().optional() }).superRefine((draft, ctx) => {
  for (const { path, message } of blankNames(draft)) ctx.addIssue({ code: 'custom', path, message });
});

/** The names in a draft that show nothing (only spaces), with where each is and what it says. */
function blankNames(draft: CourseDraftInput): { path: (string | number)[]; message: string }[] {
  const blank: { path: (string | number)[]; message: string }[] = [];
  if (onlySpaces(draft.title)) blank.push({ path: ['title'], message: missingName.title });
  draft.modules.forEach((module, m) => {
    if (onlySpaces(module.title)) blank.push({ path: ['modules', m, 'title'], message: missingName.module });
    module.lessons.forEach((lesson, l) => {
      if (onlySpaces(lesson.title)) blank.push({ path: ['modules', m, 'lessons', l, 'title'], message: missingName.lesson });
    });
  });
  draft.bonuses.forEach((bonus, b) => {
    if (onlySpaces(bonus.bonusName)) blank.push({ path: ['bonuses', b, 'bonusName'], message: missingName.bonus });
  });
  return blank;
}
export type CourseDraftPayload = z.infer<typeof courseDraftPayload>;

/** Why a draft save was refused: the version was saved elsewhere since this editor loaded it. */
export const draftChanged = 'This course was saved in another window since you opened it. Copy what you need, then reload to edit the latest version.';

/** What keeps a draft from being submitted; empty when it is ready for review. */
export function draftProblems(draft: CourseDraftInput): string[] {
  const problems: string[] = [...new Set(blankNames(draft).map(({ message }) => message))];
  const lessons = draft.modules.flatMap((module) => module.lessons);
  if (draft.description.trim().length < 20) problems.push('Write a description of at least 20 characters.');
  if (!draft.coverMediaId) problems.push('Upload a cover image.');
  if (lessons.length === 0) problems.push('Add at least one lesson.');
  if (draft.modules.some((module) => module.lessons.length === 0)) problems.push('Every module needs at least one lesson.');
  for (const lesson of lessons) {
    if (lesson.kind === 'text' && lesson.text.trim().length === 0) problems.push(`Write the text of "${lesson.title}".`);
    if (lesson.kind !== 'text' && !lesson.mediaId) problems.push(`Upload the ${lesson.kind === 'video' ? 'video' : 'PDF'} of "${lesson.title}".`);
  }
  const names = draft.bonuses.map((bonus) => bonus.bonusName);
  if (new Set(names).size !== names.length) problems.push('Give each bonus file its own name.');
  return problems;
}

/** POST /api/creator/courses */
export const createCoursePayload = z.object({ subject: courseSubjectSchema, title: trimmedLine(COURSE_TITLE_MAX).refine((title) => !showsNothing(title), { message: missingName.title }) });

export const creatorCourseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  subject: courseSubjectSchema,
  status: z.enum(courseStatuses),
  /** The version being edited or reviewed, when there is one. */
  draftStatus: z.enum(courseVersionStatuses).nullable(),
  rejectionReason: z.string().nullable(),
  /** Why a moderator took the live course down (null: it is not unpublished). */
  unpublishReason: z.string().nullable(),
  enrolments: z.number().int(),
  completionRatePercent: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  revenue: z.array(moneySchema),
  updatedAt: z.string(),
});
/** The creator's course list is paged: a creator's drafts are not capped. */
export const CREATOR_COURSES_PAGE_SIZE = 20;
/** GET /api/creator/courses?page&limit */
export const creatorCoursesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(CREATOR_COURSES_PAGE_SIZE),
});
export const creatorCoursesResponse = z.object({ items: z.array(creatorCourseSummarySchema), total: z.number().int() });

export const mediaSchema = z.object({
  _id: z.string(),
  kind: z.enum(mediaKinds as [MediaKind, ...MediaKind[]]),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  name: z.string(),
  /** A video's length in whole seconds, when its file says (null otherwise). */
  durationSeconds: z.number().int().nullable(),
  url: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** GET /api/creator/courses/{id}: the editable version (made from the live one on first edit). */
export const creatorCourseSchema = z.object({
  _id: z.string(),
  subject: courseSubjectSchema,
  status: z.enum(courseStatuses),
  versionId: z.string(),
  versionStatus: z.enum(courseVersionStatuses),
  rejectionReason: z.string().nullable(),
  /** Why a moderator took the live course down (null: it is not unpublished). */
  unpublishReason: z.string().nullable(),
  /** When this version was last saved: the next save names it. */
  savedAt: z.string(),
  draft: courseDraftInput,
  /** The files the draft names, so the editor can show them. */
  media: z.array(mediaSchema),
  problems: z.array(z.string()),
});
export type CreatorCourse = z.infer<typeof creatorCourseSchema>;

// ---- Moderators -----------------------------------------------------------------------------

export const reviewQueueItemSchema = z.object({
  versionId: z.string(),
  courseId: z.string(),
  title: z.string(),
  subject: courseSubjectSchema,
  creatorName: z.string(),
  submittedAt: z.string(),
  /** True when it replaces a live version. */
  isUpdate: z.boolean(),
});
export const reviewQueueResponse = z.object({ items: z.array(reviewQueueItemSchema) });
/** GET /api/moderator/course-reviews/{versionId}: everything the moderator previews. */
export const courseReviewDetailSchema = reviewQueueItemSchema.extend({
  status: z.enum(courseVersionStatuses),
  draft: courseDraftInput,
  media: z.array(mediaSchema),
});
export const rejectCoursePayload = z.object({ reason: safeText(REJECTION_REASON_MAX).refine((text) => visibleLength(text) >= 5, { message: 'Say why in a few words' }) });
/** GET /api/moderator/live-courses */
export const liveCoursesResponse = z.object({ items: z.array(z.object({ courseId: z.string(), title: z.string(), subject: courseSubjectSchema, creatorName: z.string(), publishedAt: z.string(), enrolments: z.number().int() })) });
export const unpublishCoursePayload = rejectCoursePayload;
