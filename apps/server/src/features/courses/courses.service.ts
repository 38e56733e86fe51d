import { createHash, randomBytes } from 'node:crypto';
import {
  averageRating,
  CART_MAX_COURSES,
  cartTotal,
  COURSE_SUBSCRIPTION_DAYS,
  getAllCoursesResponse,
  courseMessages,
  courseSubjects,
  courseSubjectSchema,
  courseSubscriptionPrice,
  GIFT_VALID_DAYS,
  progressPercent,
  type Cart,
  type CourseCard,
  type CourseDetail,
  type CoursePurchaseResponse,
  type CourseSubject,
} from '@parley/domain/courses';
import { BoundedMap } from '@parley/domain/bounded-map';
import { CATALOGUE_PAGE_SIZE } from '@parley/domain/constants';
import { currencies, currencyForCountry, type Currency, type Money } from '@parley/domain/money';
import { formatSessionTime } from '@parley/domain/live-sessions';
import { MS_PER_DAY } from '@parley/domain/zoned-time';
import { letter } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import { coverUrl } from '../media/media.service';
import { createPurchaseOrder } from '../payments/payments.service';
import { debitWallet, walletCurrency } from '../wallet/wallet.service';
import { lessonProgressOf, type LessonProgressSummary } from './learning.service';
import * as repo from './courses.repository';
import { giftExpiryJob } from './gift-expiry';

/** Certificates for a course or a curriculum level (features/curriculum issues its levels' through here). */
export { issueCertificateOnce, type CertificateSubject } from './learning.service';

export type { CourseRow, CourseVersionRow } from './courses.repository';

/** How a learner may open a course's lessons: they own it, or a course subscription of its subject is active. */
export type CourseAccess = 'owned' | 'subscription' | null;

/**
 * The one access check for a course's paid content (lessons, lesson files, bonus files,
 * progress, ratings): every feature that serves them asks this. An unpublished course stays
 * open to those who own it, never through a subscription.
 */
export async function courseAccess(db: Db, userId: string, course: Pick<repo.CourseRow, 'id' | 'subject' | 'unpublishedAt'>, now: Date): Promise<CourseAccess> {
  if (await repo.findEnrolment(db, userId, course.id)) return 'owned';
  if (course.unpublishedAt) return null;
  return (await repo.hasActiveCourseSubscription(db, userId, course.subject, now)) ? 'subscription' : null;
}

/** The course and its live version, when learners can see it (approved, not unpublished): what the catalogue shows and what can be bought. */
export const findLiveCourse = repo.findLiveCourse;

/**
 * The course and its live version as one learner may open it: a live course for anyone; an
 * unpublished one only for a learner who owns it (learners keep what they had), at the version
 * that was live when it was unpublished. Never in the catalogue, never for sale.
 */
export async function findCourseForLearner(db: Db, learnerId: string | null, courseId: string) {
  const row = await repo.findPublishedCourse(db, courseId);
  if (!row) return undefined;
  if (!row.course.unpublishedAt) return row;
  return learnerId && (await repo.findEnrolment(db, learnerId, courseId)) ? row : undefined;
}

type PayMethod = 'wallet' | 'checkout';
const REVIEWS_SHOWN = 20;

const conflict = (message: string) => new AppError('CONFLICT', message);
const courseNotFound = () => notFound(courseMessages.courseNotFound);
const priceIn = (version: { priceInrMinor: number; priceUsdMinor: number }, currency: Currency): Money => ({
  amountMinor: currency === 'INR' ? version.priceInrMinor : version.priceUsdMinor,
  currency,
});

/** Prices are shown in a signed-in learner's country's currency; anonymous viewers choose (INR by default). */
async function viewerCurrency(db: Db, viewerId: string | null, asked: Currency | undefined): Promise<Currency> {
  if (!viewerId) return asked ?? 'INR';
  const viewer = await repo.findUser(db, viewerId);
  return currencyForCountry(viewer?.country ?? 'IN');
}

const coverUrlOf = (coverMediaId: string | null) => (coverMediaId ? coverUrl(coverMediaId) : null);

function toCard(row: repo.CourseCardRow, currency: Currency): CourseCard {
  return {
    _id: row.id,
    title: row.title,
    subject: row.subject,
    level: row.level,
    coverUrl: coverUrlOf(row.coverMediaId),
    creator: { _id: row.creatorId, name: row.creatorName },
    durationMin: row.durationMin,
    lessonCount: row.lessonCount,
    rating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    price: priceIn(row, currency),
  };
}

// ---- Catalogue and course page ----------------------------------------------------------------

type CatalogueQuery = { page: number; limit: number; subject?: CourseSubject | undefined; search?: string | undefined; currency?: Currency | undefined };

/** One catalogue page, newest first, priced in `currency`. */
export async function listCourses(ctx: AppContext, currency: Currency, query: CatalogueQuery) {
  const search = query.search?.trim();
  const { rows, total } = await repo.listLiveCourses(ctx.db, { subject: query.subject, search: search || undefined, limit: query.limit, offset: (query.page - 1) * query.limit });
  return { items: rows.map((row) => toCard(row, currency)), total, page: query.page, limit: query.limit, currency };
}

/*
 * Catalogue pages, kept a few seconds per database as their JSON text (checked against the
 * wire schema when made): the public list is read far more than it changes, and must keep up
 * with /api/health. A change on this node (approval, unpublishing, a rating) calls
 * catalogueChanged and is seen at once; other nodes see it within the TTL.
 */
const CATALOGUE_TTL_MS = 5_000;
const CATALOGUE_MAX_PAGES = 500;
const CATALOGUE_MAX_VIEWERS = 10_000;
const cataloguePages = new WeakMap<Db, BoundedMap<string, { text: Promise<Buffer>; expiresAt: number }>>();
/** Signed-in viewers' currencies, kept as long (a country change shows in catalogue prices within the TTL; purchases always read it afresh). */
const viewerCurrencies = new WeakMap<Db, BoundedMap<string, { currency: Currency; expiresAt: number }>>();

async function catalogueCurrency(db: Db, viewerId: string | null, asked: Currency | undefined): Promise<Currency> {
  if (!viewerId) return viewerCurrency(db, null, asked);
  const known = viewerCurrencies.get(db) ?? new BoundedMap<string, { currency: Currency; expiresAt: number }>(CATALOGUE_MAX_VIEWERS);
  viewerCurrencies.set(db, known);
  const cached = known.get(viewerId);
  if (cached && cached.expiresAt > Date.now()) return cached.currency;
  const currency = await viewerCurrency(db, viewerId, asked);
  known.set(viewerId, { currency, expiresAt: Date.now() + CATALOGUE_TTL_MS });
  return currency;
}

/** Forgets the cached catalogue pages of this database: call it after anything a catalogue card shows changes. */
export function catalogueChanged(db: Db) {
  cataloguePages.delete(db);
}

/** GET /api/courses/getAllCourses as JSON (UTF-8 bytes), in the viewer's currency. */
export async function catalogueText(ctx: AppContext, viewerId: string | null, query: CatalogueQuery): Promise<Buffer> {
  const currency = await catalogueCurrency(ctx.db, viewerId, query.currency);
  const pages = cataloguePages.get(ctx.db) ?? new BoundedMap<string, { text: Promise<Buffer>; expiresAt: number }>(CATALOGUE_MAX_PAGES);
  cataloguePages.set(ctx.db, pages);
  const key = JSON.stringify([query.subject ?? null, query.search?.trim() || null, query.page, query.limit, currency]);
  const cached = pages.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.text;
  // Kept as UTF-8 bytes, so a cached page is not encoded again for every request.
  const text = listCourses(ctx, currency, query).then((page) => Buffer.from(JSON.stringify(getAllCoursesResponse.parse(page))));
  const entry = { text, expiresAt: Date.now() + CATALOGUE_TTL_MS };
  pages.set(key, entry);
  text.catch(() => {
    if (pages.get(key) === entry) pages.delete(key);
  });
  return text;
}

/**
 * What a first visit to /courses (no filter, page 1, not signed in) shows, sent with the HTML so
 * the page renders its cards without waiting for a request: the first page as
 * GET /api/courses/getAllCourses answers it, in each currency a visitor may be shown (the browser
 * picks by its timezone's country, as it would ask), and the first card's cover, the page's
 * largest paint. Read from the cached catalogue pages.
 */
export async function visitorCatalogueFirstPage(ctx: AppContext): Promise<{ json: string; firstCover: string | null }> {
  const pages = await Promise.all(currencies.map(async (currency) => [currency, (await catalogueText(ctx, null, { page: 1, limit: CATALOGUE_PAGE_SIZE, currency })).toString('utf8')] as const));
  const json = `{${pages.map(([currency, page]) => `${JSON.stringify(currency)}:${page}`).join(',')}}`;
  const [, first] = pages[0]!;
  const firstCover = (JSON.parse(first) as { items: { coverUrl: string | null }[] }).items[0]?.coverUrl ?? null;
  return { json, firstCover };
}

type LessonIds = string[];
const lessonIdsOf = (modules: repo.CourseVersionRow['modules']): LessonIds => modules.flatMap((module) => module.lessons.map((lesson) => lesson.id));

/** Progress over the lessons the course has now: `summary` is lessonProgressOf over those same lesson ids. */
function progressOf(summary: LessonProgressSummary, lessonIds: LessonIds) {
  return {
    progressPercent: progressPercent(summary.completedLessonIds.size, lessonIds.length),
    resumeLessonId: summary.resumeLessonId,
    certificateId: summary.certificateId,
  };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The course page and the player: lessons open to owners, subscribers and as previews; the rest
 * locked. An unpublished course is shown to its owners only. Prices are in the viewer's currency
 * (an anonymous viewer's choice, as in the catalogue).
 */
export async function courseDetail(ctx: AppContext, viewerId: string | null, courseId: string, askedCurrency?: Currency): Promise<CourseDetail> {
  const live = await findCourseForLearner(ctx.db, viewerId, courseId);
  if (!live) throw courseNotFound();
  const { course, version } = live;
  const now = ctx.now();
  const lessonIds = lessonIdsOf(version.modules);
  const [creator, reviews, currency, access] = await Promise.all([
    repo.findUser(ctx.db, course.creatorId),
    repo.listReviews(ctx.db, course.id, REVIEWS_SHOWN),
    viewerCurrency(ctx.db, viewerId, askedCurrency),
    viewerId ? courseAccess(ctx.db, viewerId, course, now) : null,
  ]);
  const [inCart, myRating, progress] = viewerId
    ? await Promise.all([
        repo.isInCart(ctx.db, viewerId, course.id),
        repo.findRating(ctx.db, viewerId, course.id),
        access ? lessonProgressOf(ctx.db, viewerId, course.id, lessonIds) : undefined,
      ])
    : [false, undefined, undefined];
  const mine = progress ? progressOf(progress, lessonIds) : undefined;

  return {
    _id: course.id,
    title: version.title,
    subject: course.subject,
    level: version.level,
    coverUrl: coverUrlOf(version.coverMediaId),
    creator: { _id: course.creatorId, name: creator?.name ?? '' },
    durationMin: version.durationMin,
    lessonCount: version.lessonCount,
    rating: averageRating(course.ratingSum, course.ratingCount),
    ratingCount: course.ratingCount,
    price: priceIn(version, currency),
    description: version.description,
    modules: version.modules.map((module) => ({
      _id: module.id,
      title: module.title,
      lessons: module.lessons.map((lesson) => {
        const locked = !access && !lesson.isPreview;
        return {
          _id: lesson.id,
          title: lesson.title,
          kind: lesson.kind,
          durationMin: lesson.durationMin,
          isPreview: lesson.isPreview,
          locked,
          completed: progress?.completedLessonIds.has(lesson.id) ?? false,
          text: !locked && lesson.kind === 'text' ? lesson.text : null,
          mediaUrl: !locked && lesson.kind !== 'text' && lesson.mediaId ? `/api/courses/${course.id}/lessons/${lesson.id}/file` : null,
          captionsUrl: !locked && lesson.kind === 'video' && lesson.captionsMediaId ? `/api/courses/${course.id}/lessons/${lesson.id}/captions` : null,
        };
      }),
    })),
    reviews: reviews.map((review) => ({ learnerName: firstName(review.learnerName), stars: review.stars, review: review.review, updatedAt: review.updatedAt.toISOString() })),
    owned: access === 'owned',
    inSubscription: access === 'subscription',
    inCart,
    myRating: myRating ? { stars: myRating.stars, review: myRating.review } : null,
    progressPercent: mine?.progressPercent ?? null,
    resumeLessonId: mine?.resumeLessonId ?? null,
    bonuses: access ? version.bonuses.map((bonus) => ({ bonusName: bonus.bonusName })) : [],
    certificateId: mine?.certificateId ?? null,
  };
}

// ---- Cart -------------------------------------------------------------------------------------

function checkSubject(course: { subject: CourseSubject }, subject: CourseSubject | undefined) {
  if (subject && subject !== course.subject) throw new AppError('BAD_REQUEST', courseMessages.wrongSubject, { subject: courseMessages.wrongSubject });
}

export async function addToCart(ctx: AppContext, userId: string, input: { courseId: string; subject?: CourseSubject | undefined }): Promise<Cart> {
  const live = await findLiveCourse(ctx.db, input.courseId);
  if (!live) throw courseNotFound();
  checkSubject(live.course, input.subject);
  if (await repo.findEnrolment(ctx.db, userId, live.course.id)) throw conflict(courseMessages.alreadyOwned);
  if (!(await repo.addCartItem(ctx.db, userId, live.course.id, CART_MAX_COURSES))) throw conflict(courseMessages.cartFull);
  return cartOf(ctx, userId, input.subject);
}

/** Works on any course in the cart, unpublished ones too, so a cart can always be emptied. */
export async function removeFromCart(ctx: AppContext, userId: string, input: { courseId: string; subject?: CourseSubject | undefined }): Promise<Cart> {
  const course = await repo.findCourse(ctx.db, input.courseId);
  if (!course) throw courseNotFound();
  checkSubject(course, input.subject);
  await repo.removeCartItems(ctx.db, userId, [course.id]);
  return cartOf(ctx, userId, input.subject);
}

/** The cart priced in the learner's currency; courses that can no longer be bought are listed apart and not counted in the total. */
export async function cartOf(ctx: AppContext, userId: string, subject: CourseSubject | undefined): Promise<Cart> {
  const [rows, currency] = await Promise.all([repo.listCart(ctx.db, userId, subject), viewerCurrency(ctx.db, userId, undefined)]);
  const buyable = rows.filter((row) => !row.unpublishedAt && !row.owned);
  const courses = buyable.map((row) => toCard(row, currency));
  return {
    courses,
    count: rows.length,
    total: cartTotal(
      courses.map((course) => course.price),
      currency,
    ),
    unavailable: rows
      .filter((row) => row.unpublishedAt || row.owned)
      .map((row) => ({ _id: row.id, title: row.title, reason: row.owned ? ('owned' as const) : ('unavailable' as const) })),
  };
}

// ---- Buying courses ---------------------------------------------------------------------------

type PurchaseLine = { courseId: string; title: string; price: Money };

/**
 * What the courses cost, refusing the whole purchase if one of them cannot be bought: a course
 * learners never saw is not found; one unpublished since, or already owned, is named.
 */
async function priceLines(db: Db, userId: string, courseIds: string[], currency: Currency): Promise<PurchaseLine[]> {
  const [rows, owned] = await Promise.all([repo.listCoursesWithLiveVersion(db, courseIds), repo.listEnrolledCourseIds(db, userId, courseIds)]);
  const byId = new Map(rows.map((row) => [row.course.id, row]));
  return courseIds.map((courseId) => {
    const row = byId.get(courseId);
    if (!row?.version) throw courseNotFound();
    if (row.course.unpublishedAt) throw conflict(courseMessages.courseUnavailable(row.version.title));
    if (owned.includes(courseId)) throw conflict(courseIds.length === 1 ? courseMessages.alreadyOwned : courseMessages.alreadyOwnedNamed(row.version.title));
    return { courseId, title: row.version.title, price: priceIn(row.version, currency) };
  });
}

/** Takes money from the wallet (locking it for the rest of the transaction), with the courses' own low-balance text. */
async function payFromWallet(tx: Db, userId: string, amount: Money, description: string) {
  try {
    await debitWallet(tx, { userId, amount, description });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') throw new AppError('INSUFFICIENT_BALANCE', courseMessages.insufficientWallet);
    throw error;
  }
}

/** Enrols the learner and takes the courses out of their cart; false when one was owned already (a concurrent purchase or gift). */
async function enrol(tx: Db, userId: string, lines: { courseId: string; amountMinor: number; currency: Currency }[], source: 'purchase' | 'gift', orderId: string | null): Promise<boolean> {
  try {
    await repo.insertEnrolments(
      tx,
      lines.map((line) => ({ userId, courseId: line.courseId, source, amountMinor: line.amountMinor, currency: line.currency, orderId })),
    );
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
  await repo.removeCartItems(
    tx,
    userId,
    lines.map((line) => line.courseId),
  );
  return true;
}

const purchaseDescription = (lines: PurchaseLine[]) => (lines.length === 1 ? `Course: ${lines[0]!.title}` : `${lines.length} courses`);
const purchased = (courseIds: string[]): CoursePurchaseResponse => ({ status: 'Success', message: courseMessages.coursesPurchased, courseIds });

/**
 * Buys courses, all or nothing. From the wallet, in one transaction: the wallet row is locked
 * by the debit before ownership is checked again, so concurrent purchases of the same course
 * queue on it and only the first is charged (the enrolment's unique index is the backstop).
 * Through the checkout, an order of purpose Courses; the payment's delivery enrols.
 */
async function buyCourses(ctx: AppContext, userId: string, courseIds: string[], method: PayMethod): Promise<CoursePurchaseResponse> {
  const ids = [...new Set(courseIds)];
  if (method === 'checkout') {
    const user = await repo.findUser(ctx.db, userId);
    const currency = currencyForCountry(user?.country ?? 'IN');
    const lines = await priceLines(ctx.db, userId, ids, currency);
    const amount = cartTotal(
      lines.map((line) => line.price),
      currency,
    );
    const details = { courseIds: ids, coursePrices: lines.map((line) => line.price.amountMinor) };
    return { status: 'checkout', order: await createPurchaseOrder(ctx, { userId, purpose: 'Courses', amount, details }) };
  }
  const currency = await walletCurrency(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    const lines = await priceLines(tx, userId, ids, currency);
    await payFromWallet(
      tx,
      userId,
      cartTotal(
        lines.map((line) => line.price),
        currency,
      ),
      purchaseDescription(lines),
    );
    // The wallet is locked now: a purchase that ran before this one has committed its enrolments.
    const ownedMeanwhile = await repo.listEnrolledCourseIds(tx, userId, ids);
    const first = lines.find((line) => ownedMeanwhile.includes(line.courseId));
    if (first) throw conflict(ids.length === 1 ? courseMessages.alreadyOwned : courseMessages.alreadyOwnedNamed(first.title));
    const lineRows = lines.map((line) => ({ courseId: line.courseId, amountMinor: line.price.amountMinor, currency }));
    if (!(await enrol(tx, userId, lineRows, 'purchase', null))) throw conflict(ids.length === 1 ? courseMessages.alreadyOwned : courseMessages.alreadyOwnedNamed(lines[0]!.title));
  });
  return purchased(ids);
}

/** Buy now: one course. */
export const buyCourse = (ctx: AppContext, userId: string, input: { courseId: string; method: PayMethod }) => buyCourses(ctx, userId, [input.courseId], input.method);

/** Everything in the cart (of one subject when given), in one payment. */
export async function buyCoursesFromCart(ctx: AppContext, userId: string, input: { method: PayMethod; subject?: CourseSubject | undefined; courseIds?: string[] | undefined }) {
  const rows = await repo.listCart(ctx.db, userId, input.subject);
  if (rows.length === 0) throw new AppError('BAD_REQUEST', courseMessages.cartEmpty);
  if (input.courseIds && !sameMembers(input.courseIds, rows.map((row) => row.id))) throw new AppError('CART_CHANGED', courseMessages.cartChanged);
  return buyCourses(
    ctx,
    userId,
    rows.map((row) => row.id),
    input.method,
  );
}

const sameMembers = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === new Set(a).size;

/** Why a paid order could not be delivered: what it bought is owned already, or no longer on sale. */
export type DeliveryRefusal = 'owned' | 'unavailable';

/** What a paid Courses order could not deliver, and the share of the payment that was for it. */
export type NotDelivered = { refusal: DeliveryRefusal; amount: Money };

/** Splits what was paid over the courses in proportion to their prices, so the parts add up to the payment. */
function shares(paid: Money, prices: number[]): number[] {
  const total = prices.reduce((sum, price) => sum + price, 0);
  if (total === paid.amountMinor || total <= 0) return prices;
  const parts = prices.map((price) => Math.floor((price * paid.amountMinor) / total));
  parts[parts.length - 1]! += paid.amountMinor - parts.reduce((sum, part) => sum + part, 0);
  return parts;
}

/**
 * Delivers a paid Courses order, in the payment's transaction. A course owned since the checkout
 * opened (bought another way, or a gift) or taken off sale is left out, and its share of the
 * payment is returned for support to refund; the others are enrolled. When none can be
 * delivered, the whole order is refused.
 */
export async function deliverCoursePurchase(
  tx: Db,
  order: { userId: string; courseIds: string[]; coursePrices?: number[] | undefined; paid: Money; orderId: string },
): Promise<{ refusal: DeliveryRefusal } | { notDelivered: NotDelivered | null }> {
  const rows = await repo.listCoursesWithLiveVersion(tx, order.courseIds);
  const byId = new Map(rows.map((row) => [row.course.id, row]));
  const versions = order.courseIds.map((courseId) => byId.get(courseId)?.version);
  if (order.courseIds.length === 0 || versions.some((version) => !version)) return { refusal: 'unavailable' };
  const owned = await repo.listEnrolledCourseIds(tx, order.userId, order.courseIds);
  // Split by the prices the checkout showed (an order from before they were kept: by today's).
  const prices = order.coursePrices?.length === order.courseIds.length ? order.coursePrices : versions.map((version) => priceIn(version!, order.paid.currency).amountMinor);
  const amounts = shares(order.paid, prices);
  const lines = order.courseIds.map((courseId, i) => ({ courseId, amountMinor: amounts[i]!, currency: order.paid.currency, unpublished: Boolean(byId.get(courseId)!.course.unpublishedAt) }));
  const left = lines.filter((line) => line.unpublished || owned.includes(line.courseId));
  const refusal: DeliveryRefusal = left.some((line) => line.unpublished) ? 'unavailable' : 'owned';
  if (left.length === lines.length) return { refusal };
  const delivering = lines.filter((line) => !left.includes(line)).map(({ courseId, amountMinor, currency }) => ({ courseId, amountMinor, currency }));
  if (!(await enrol(tx, order.userId, delivering, 'purchase', order.orderId))) return { refusal: 'owned' };
  const leftAmount = left.reduce((sum, line) => sum + line.amountMinor, 0);
  return { notDelivered: left.length > 0 ? { refusal, amount: { amountMinor: leftAmount, currency: order.paid.currency } } : null };
}

// ---- Gifts ------------------------------------------------------------------------------------

/** 24 random bytes: 32 url-safe characters. Only its SHA-256 is stored; the code itself is only in the e-mail. */
const newGiftCode = () => randomBytes(24).toString('base64url');
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

async function queueGiftMail(ctx: AppContext, tx: Db, gift: repo.GiftRow, code: string, courseTitle: string) {
  const giver = await repo.findUser(tx, gift.giverId);
  const giverName = giver?.name ?? 'Someone';
  const link = `${ctx.config.publicUrl}/courses/gift/${code}`;
  const text = letter(gift.recipientName, [
    `${giverName} has given you the course "${courseTitle}" on Parley.`,
    ...(gift.message.trim() ? ['', `${giverName} wrote:`, gift.message] : []),
    '',
    `Open this link, sign in or sign up, and the course is yours: ${link}`,
    '',
    // The recipient's time zone is unknown (they may have no account yet): the instant, in UTC, said so.
    `The link can be used once, until ${formatSessionTime(gift.expiresAt, 'UTC')}.`,
  ]);
  return queueMail(tx, { to: gift.recipientEmail, subject: `${giverName} gave you a course: ${courseTitle}`, text, topic: `course-gift:${gift.id}` });
}

/** Pays for a course for someone else; the recipient gets a redeem link by e-mail once it is paid. */
export async function giftCourse(
  ctx: AppContext,
  giverId: string,
  input: { courseId: string; recipientEmail: string; recipientName: string; message: string; method: PayMethod; requestKey?: string | undefined },
  log: AfterCommitLog,
): Promise<CoursePurchaseResponse> {
  const giver = await repo.findUser(ctx.db, giverId);
  if (giver?.email && giver.email.trim().toLowerCase() === input.recipientEmail.trim().toLowerCase()) {
    throw new AppError('BAD_REQUEST', courseMessages.giftToSelf, { recipientEmail: courseMessages.giftToSelf });
  }
  const live = await findLiveCourse(ctx.db, input.courseId);
  if (!live) throw courseNotFound();
  const gift = {
    courseId: live.course.id,
    giverId,
    recipientEmail: input.recipientEmail.trim(),
    recipientName: input.recipientName,
    message: input.message,
    expiresAt: new Date(ctx.now().getTime() + GIFT_VALID_DAYS * MS_PER_DAY),
  };

  if (input.method === 'checkout') {
    const price = priceIn(live.version, currencyForCountry(giver?.country ?? 'IN'));
    // The code is made when the payment is delivered (the e-mail needs it then); until then the row holds the hash of a code nobody has.
    const row = await repo.insertGift(ctx.db, { ...gift, codeHash: hashOf(newGiftCode()), amountMinor: price.amountMinor, currency: price.currency, status: 'pending_payment' });
    const order = await createPurchaseOrder(ctx, { userId: giverId, purpose: 'CourseGift', amount: price, details: { giftId: row.id } });
    await repo.setGiftOrder(ctx.db, row.id, order.id);
    return { status: 'checkout', order };
  }

  const price = priceIn(live.version, await walletCurrency(ctx.db, giverId));
  const code = newGiftCode();
  const sent: CoursePurchaseResponse = { status: 'Success', message: courseMessages.giftSent, courseIds: [live.course.id] };
  let mailId: string;
  try {
    mailId = await ctx.db.transaction(async (tx) => {
      await payFromWallet(tx, giverId, price, `Gift: ${live.version.title} for ${input.recipientName}`);
      const row = await repo.insertGift(tx, { ...gift, codeHash: hashOf(code), amountMinor: price.amountMinor, currency: price.currency, status: 'paid', requestKey: input.requestKey });
      await ctx.jobs.insertWithin(tx, [giftExpiryJob(row)]);
      return queueGiftMail(ctx, tx, row, code, live.version.title);
    });
  } catch (error) {
    // The same form sent again changed nothing: its insert met the first one's key, or the first had
    // already spent the balance. If the gift its key names was sent, that is the answer.
    if (input.requestKey && (await repo.hasGiftWithRequestKey(ctx.db, giverId, input.requestKey))) return sent;
    throw error;
  }
  await sendAfterCommit(ctx, mailId, log);
  return sent;
}

/** Delivers a paid CourseGift order in the payment's transaction: the gift is paid and its e-mail queued (send it after commit). */
export async function deliverCourseGift(ctx: AppContext, tx: Db, giftId: string): Promise<{ refusal: DeliveryRefusal } | { mailId: string }> {
  const code = newGiftCode();
  const gift = await repo.markGiftPaid(tx, giftId, hashOf(code));
  if (!gift) return { refusal: 'owned' };
  const live = await findLiveCourse(tx, gift.courseId);
  if (!live) return { refusal: 'unavailable' };
  await ctx.jobs.insertWithin(tx, [giftExpiryJob(gift)]);
  return { mailId: await queueGiftMail(ctx, tx, gift, code, live.version.title) };
}

async function findPaidGift(db: Db, code: string) {
  const found = await repo.findGiftByCodeHash(db, hashOf(code));
  if (!found || found.gift.status === 'pending_payment') throw notFound(courseMessages.giftNotFound);
  return found;
}

/** What a redeem link shows before it is redeemed. */
export async function giftPreview(ctx: AppContext, code: string) {
  const { gift, courseTitle, giverName } = await findPaidGift(ctx.db, code);
  return {
    courseId: gift.courseId,
    courseTitle,
    giverName,
    recipientName: gift.recipientName,
    message: gift.message,
    redeemed: gift.status === 'redeemed',
    expired: gift.status !== 'redeemed' && gift.expiresAt <= ctx.now(),
  };
}

/** Redeems a gift once, by whoever signed in with the link: one conditional update decides, and the course becomes theirs. */
export async function redeemGift(ctx: AppContext, userId: string, code: string): Promise<CoursePurchaseResponse> {
  const { gift } = await findPaidGift(ctx.db, code);
  const now = ctx.now();
  if (gift.status === 'redeemed') throw conflict(courseMessages.giftAlreadyRedeemed);
  if (gift.expiresAt <= now) throw conflict(courseMessages.giftExpired);
  if (gift.giverId === userId) throw conflict(courseMessages.giftIsYours);
  await ctx.db.transaction(async (tx) => {
    if (await repo.findEnrolment(tx, userId, gift.courseId)) throw conflict(courseMessages.alreadyOwned);
    if (!(await repo.claimGift(tx, gift.id, userId, now))) throw conflict(courseMessages.giftAlreadyRedeemed);
    // Owning it by now (a purchase that just committed) undoes the claim: the gift stays for later.
    if (!(await enrol(tx, userId, [{ courseId: gift.courseId, amountMinor: 0, currency: gift.currency }], 'gift', gift.orderId))) throw conflict(courseMessages.alreadyOwned);
  });
  return { status: 'Success', message: courseMessages.giftRedeemed, courseIds: [gift.courseId] };
}

// ---- Course subscriptions ---------------------------------------------------------------------

export async function courseSubscriptionPlans(ctx: AppContext, viewerId: string | null, asked: Currency | undefined) {
  const currency = await viewerCurrency(ctx.db, viewerId, asked);
  return { items: courseSubjects.map((subject) => ({ subject, days: COURSE_SUBSCRIPTION_DAYS, price: courseSubscriptionPrice(subject, currency) })) };
}

/**
 * Starts a subscription in the caller's transaction: a learner with one still running for the
 * subject gets the new one from its end. Changes for one learner and subject are serialised.
 */
async function activateCourseSubscription(tx: Db, input: { userId: string; subject: CourseSubject; paid: Money; orderId: string | null; now: Date }) {
  await repo.lockSubscriptionsOf(tx, input.userId, input.subject);
  const currentEnd = await repo.latestSubscriptionEnd(tx, input.userId, input.subject);
  const startsAt = currentEnd && currentEnd > input.now ? currentEnd : input.now;
  return repo.insertCourseSubscription(tx, {
    userId: input.userId,
    subject: input.subject,
    startsAt,
    endsAt: new Date(startsAt.getTime() + COURSE_SUBSCRIPTION_DAYS * MS_PER_DAY),
    amountMinor: input.paid.amountMinor,
    currency: input.paid.currency,
    orderId: input.orderId,
  });
}

/**
 * `currentEndsAt` is when the subject's subscription the learner's page showed ends (null: it showed
 * none). A subscription bought since (a second tab, a second press) refuses this purchase, so one
 * Subscribe is charged once: from the wallet under the learner's turn for the subject; at the
 * checkout before an order is made (the checkout itself charges nothing until it is paid).
 */
export async function buyCourseSubscription(
  ctx: AppContext,
  userId: string,
  input: { subject: CourseSubject; method: PayMethod; currentEndsAt?: string | null | undefined },
): Promise<CoursePurchaseResponse> {
  const shown = { subject: input.subject, endsAt: input.currentEndsAt ? new Date(input.currentEndsAt) : null };
  const now = ctx.now();
  if (input.method === 'checkout') {
    await refuseIfSubscribedSince(ctx.db, userId, shown, now);
    const user = await repo.findUser(ctx.db, userId);
    const amount = courseSubscriptionPrice(input.subject, currencyForCountry(user?.country ?? 'IN'));
    return { status: 'checkout', order: await createPurchaseOrder(ctx, { userId, purpose: 'CourseSubscription', amount, details: { subject: input.subject } }) };
  }
  const price = courseSubscriptionPrice(input.subject, await walletCurrency(ctx.db, userId));
  await ctx.db.transaction(async (tx) => {
    await repo.lockSubscriptionsOf(tx, userId, input.subject);
    await refuseIfSubscribedSince(tx, userId, shown, now);
    await payFromWallet(tx, userId, price, `Course subscription: ${input.subject}`);
    await activateCourseSubscription(tx, { userId, subject: input.subject, paid: price, orderId: null, now });
  });
  return { status: 'Success', message: courseMessages.courseSubscriptionActivated, courseIds: [] };
}

/** Refuses (PLAN_CHANGED) when the subject's subscription now runs past what the page showed: one was bought since. */
async function refuseIfSubscribedSince(db: Db, userId: string, shown: { subject: CourseSubject; endsAt: Date | null }, now: Date) {
  const endsAt = await repo.latestSubscriptionEnd(db, userId, shown.subject);
  const running = endsAt !== null && endsAt > now;
  if (running && (shown.endsAt === null || endsAt > shown.endsAt)) throw new AppError('PLAN_CHANGED', courseMessages.courseSubscriptionChanged(shown.subject));
}

/** Delivers a paid CourseSubscription order in the payment's transaction. */
export async function deliverCourseSubscription(tx: Db, order: { userId: string; subject: string | undefined; paid: Money; orderId: string; now: Date }): Promise<DeliveryRefusal | null> {
  const subject = courseSubjectSchema.safeParse(order.subject);
  if (!subject.success) return 'unavailable';
  await activateCourseSubscription(tx, { userId: order.userId, subject: subject.data, paid: order.paid, orderId: order.orderId, now: order.now });
  return null;
}

export async function activeCourseSubscriptions(ctx: AppContext, userId: string) {
  const rows = await repo.listActiveSubscriptions(ctx.db, userId, ctx.now());
  return { items: rows.map((row) => ({ subject: row.subject, startsAt: row.startsAt!.toISOString(), endsAt: row.endsAt!.toISOString() })) };
}

// ---- My courses and ratings -------------------------------------------------------------------

/** Owned courses, and courses an active subscription opens that the learner has started, each with progress. */
export async function myCourses(ctx: AppContext, userId: string) {
  const now = ctx.now();
  const [owned, subscriptions] = await Promise.all([repo.listEnrolledCourses(ctx.db, userId), repo.listActiveSubscriptions(ctx.db, userId, now)]);
  const subjects = subscriptions.filter((row) => row.startsAt && row.startsAt <= now).map((row) => row.subject);
  const started = await repo.listStartedCoursesOfSubjects(ctx.db, userId, subjects);
  const entries = [...owned.map((row) => ({ row, access: 'owned' as const })), ...started.map((row) => ({ row, access: 'subscription' as const }))];
  const items = await Promise.all(
    entries.map(async ({ row, access }) => {
      const { price: _price, ...card } = toCard(row, 'INR');
      const lessonIds = lessonIdsOf(row.modules);
      return { ...card, ...progressOf(await lessonProgressOf(ctx.db, userId, row.id, lessonIds), lessonIds), access };
    }),
  );
  return { items };
}

/** The courses the learner owns, read afresh each time (the catalogue's cached pages are the same for everyone). */
export async function ownedCourseIds(ctx: AppContext, userId: string) {
  return { courseIds: await repo.listOwnedCourseIds(ctx.db, userId) };
}

/** One rating per learner who may open the course and has started it; editing adjusts the course's totals in the same transaction. */
export async function rateCourse(ctx: AppContext, userId: string, courseId: string, input: { stars: number; review: string }) {
  const live = await findLiveCourse(ctx.db, courseId);
  if (!live) throw courseNotFound();
  const access = await courseAccess(ctx.db, userId, live.course, ctx.now());
  const started = access !== null && (await lessonProgressOf(ctx.db, userId, courseId, lessonIdsOf(live.version.modules))).resumeLessonId !== null;
  if (!started) throw new AppError('FORBIDDEN', courseMessages.startBeforeRating);
  const rated = await ctx.db.transaction(async (tx) => {
    const totals = await repo.lockCourseRating(tx, courseId);
    const previous = await repo.findRating(tx, userId, courseId);
    await repo.upsertRating(tx, { userId, courseId, stars: input.stars, review: input.review, now: ctx.now() });
    const ratingSum = totals!.ratingSum - (previous?.stars ?? 0) + input.stars;
    const ratingCount = totals!.ratingCount + (previous ? 0 : 1);
    await repo.setCourseRating(tx, courseId, ratingSum, ratingCount);
    return { stars: input.stars, review: input.review, rating: averageRating(ratingSum, ratingCount), ratingCount };
  });
  catalogueChanged(ctx.db);
  return rated;
}
