import {
  averageRating,
  BONUS_MEDIA_KINDS,
  COURSE_PRICE_RANGE,
  draftChanged,
  draftProblems,
  type CourseDraftInput,
  type CourseDraftPayload,
  type courseReviewDetailSchema,
  type CourseStatus,
  type CreatorCourse,
  type Media,
  type MediaKind,
  type creatorCoursesResponse,
  type liveCoursesResponse,
  type reviewQueueItemSchema,
} from '@parley/domain/courses';
import type { Currency, Money } from '@parley/domain/money';
import { letter } from '@parley/domain/mail';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { catalogueChanged } from '../courses/courses.service';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import { creatorMediaUrl, findMediaByIds, toMedia, type MediaRow } from '../media/media.service';
import { notify, pushNotifications } from '../notifications/notifications.service';
import * as repo from './course-authoring.repository';

// The creator writes a course as versions: one open version (draft → in review → approved or
// rejected) at a time, beside the live one learners see. A moderator's approval makes the
// reviewed version live; until then learners keep the version they had.

type CreatorCourses = z.infer<typeof creatorCoursesResponse>;
type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
type CourseReviewDetail = z.infer<typeof courseReviewDetailSchema>;
type LiveCourses = z.infer<typeof liveCoursesResponse>;

export const IN_REVIEW_MESSAGE = 'This version is in review; wait for the decision.';

// ---- Mapping stored versions to the wire ------------------------------------------------------

export function versionToDraft(version: repo.CourseVersionRow): CourseDraftInput {
  return {
    title: version.title,
    description: version.description,
    level: version.level,
    coverMediaId: version.coverMediaId,
    prices: { INR: version.priceInrMinor, USD: version.priceUsdMinor },
    modules: version.modules.map((module) => ({
      _id: module.id,
      title: module.title,
      lessons: module.lessons.map((lesson) => ({
        _id: lesson.id,
        title: lesson.title,
        kind: lesson.kind,
        durationMin: lesson.durationMin,
        isPreview: lesson.isPreview,
        mediaId: lesson.mediaId,
        captionsMediaId: lesson.captionsMediaId ?? null,
        text: lesson.text,
      })),
    })),
    bonuses: version.bonuses.map((bonus) => ({ bonusName: bonus.bonusName, mediaId: bonus.mediaId })),
  };
}

/** The columns a saved draft sets; a text lesson keeps no file, and only a video lesson has captions. */
function draftColumns(draft: CourseDraftInput) {
  const lessons = draft.modules.flatMap((module) => module.lessons);
  return {
    title: draft.title,
    description: draft.description,
    level: draft.level,
    coverMediaId: draft.coverMediaId,
    priceInrMinor: draft.prices.INR,
    priceUsdMinor: draft.prices.USD,
    modules: draft.modules.map((module) => ({
      id: module._id,
      title: module.title,
      lessons: module.lessons.map((lesson) => ({
        id: lesson._id,
        title: lesson.title,
        kind: lesson.kind,
        durationMin: lesson.durationMin,
        isPreview: lesson.isPreview,
        mediaId: lesson.kind === 'text' ? null : lesson.mediaId,
        captionsMediaId: lesson.kind === 'video' ? lesson.captionsMediaId : null,
        text: lesson.text,
      })),
    })),
    bonuses: draft.bonuses,
    lessonCount: lessons.length,
    durationMin: lessons.reduce((total, lesson) => total + lesson.durationMin, 0),
  };
}

/**
 * What the creator's list shows for the course as a whole: unpublished wins, then published
 * (it has a live version), else where its only version stands.
 */
export function courseStatus(course: repo.CourseRow, open: repo.CourseVersionRow | null | undefined): CourseStatus {
  if (course.liveVersionId && course.unpublishedAt) return 'unpublished';
  if (course.liveVersionId) return 'published';
  return open && open.status !== 'approved' ? open.status : 'draft';
}

/** Every file a version names, once each, in the order the editor shows them. */
function mediaReferences(draft: CourseDraftInput): { mediaId: string; lessonId: string | null }[] {
  const refs: { mediaId: string; lessonId: string | null }[] = [];
  if (draft.coverMediaId) refs.push({ mediaId: draft.coverMediaId, lessonId: null });
  for (const lesson of draft.modules.flatMap((module) => module.lessons)) {
    if (lesson.kind !== 'text' && lesson.mediaId) refs.push({ mediaId: lesson.mediaId, lessonId: lesson._id });
    if (lesson.kind === 'video' && lesson.captionsMediaId) refs.push({ mediaId: lesson.captionsMediaId, lessonId: null });
  }
  for (const bonus of draft.bonuses) refs.push({ mediaId: bonus.mediaId, lessonId: null });
  const seen = new Set<string>();
  return refs.filter((ref) => !seen.has(ref.mediaId) && Boolean(seen.add(ref.mediaId)));
}

/** The lesson file route serves any version's files to the course's creator and to moderators. */
const lessonFileUrl = (courseId: string, lessonId: string, versionId: string) => `/api/courses/${courseId}/lessons/${lessonId}/file?versionId=${versionId}`;
/** Any other file a submitted version names, for moderators (GET /api/moderator/course-reviews/:versionId/media/:mediaId). */
const reviewFileUrl = (versionId: string, mediaId: string) => `/api/moderator/course-reviews/${versionId}/media/${mediaId}`;

async function mediaOf(db: Db, draft: CourseDraftInput, urlOf: (row: MediaRow, lessonId: string | null) => string): Promise<Media[]> {
  const refs = mediaReferences(draft);
  if (refs.length === 0) return [];
  const rows = new Map((await findMediaByIds(db, refs.map((ref) => ref.mediaId))).map((row) => [row.id, row]));
  return refs.flatMap((ref) => {
    const row = rows.get(ref.mediaId);
    if (!row) return [];
    return [{ ...toMedia(row), url: urlOf(row, ref.lessonId) }];
  });
}

async function creatorCourseView(db: Db, course: repo.CourseRow, version: repo.CourseVersionRow): Promise<CreatorCourse> {
  const draft = versionToDraft(version);
  return {
    _id: course.id,
    subject: course.subject,
    status: courseStatus(course, version),
    versionId: version.id,
    versionStatus: version.status,
    rejectionReason: version.rejectionReason,
    unpublishReason: course.unpublishedAt ? course.unpublishReason : null,
    savedAt: version.updatedAt.toISOString(),
    draft,
    // Every file, the cover too, is the creator's own until a moderator approves the version.
    media: await mediaOf(db, draft, (row) => creatorMediaUrl(row.id)),
    problems: draftProblems(draft),
  };
}

// ---- Creators ---------------------------------------------------------------------------------

async function ownCourse(db: Db, creatorId: string, courseId: string, lock = false): Promise<repo.CourseRow> {
  const course = await repo.findCreatorCourse(db, courseId, creatorId, lock);
  if (!course) throw notFound('Course not found');
  return course;
}

/** The creator's courses with how each is doing: enrolments, completion, rating and revenue. */
export async function listCreatorCourses(ctx: AppContext, creatorId: string, { page, limit }: { page: number; limit: number }): Promise<CreatorCourses> {
  const [rows, total] = await Promise.all([repo.listCreatorCourses(ctx.db, creatorId, { limit, offset: (page - 1) * limit }), repo.countCreatorCourses(ctx.db, creatorId)]);
  const ids = rows.map((row) => row.course.id);
  const [counts, enrolmentRevenue, giftRevenue] = await Promise.all([
    repo.enrolmentCounts(ctx.db, ids),
    repo.enrolmentRevenue(ctx.db, ids),
    repo.paidGiftRevenue(ctx.db, ids),
  ]);
  const countsOf = new Map(counts.map((row) => [row.courseId, row]));
  const revenueOf = new Map<string, Map<Currency, number>>();
  for (const row of [...enrolmentRevenue, ...giftRevenue]) {
    const byCurrency = revenueOf.get(row.courseId) ?? new Map<Currency, number>();
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.amountMinor);
    revenueOf.set(row.courseId, byCurrency);
  }
  return {
    items: rows.map(({ course, open, live }) => {
      const enrolments = countsOf.get(course.id)?.enrolments ?? 0;
      const certified = countsOf.get(course.id)?.certified ?? 0;
      const revenue: Money[] = [...(revenueOf.get(course.id) ?? new Map<Currency, number>())]
        .filter(([, amountMinor]) => amountMinor > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, amountMinor]) => ({ amountMinor, currency }));
      return {
        _id: course.id,
        title: (open ?? live)?.title ?? '',
        subject: course.subject,
        status: courseStatus(course, open),
        draftStatus: open?.status ?? null,
        rejectionReason: open?.rejectionReason ?? null,
        unpublishReason: course.unpublishedAt ? course.unpublishReason : null,
        enrolments,
        completionRatePercent: enrolments === 0 ? 0 : Math.min(100, Math.floor((certified * 100) / enrolments)),
        rating: averageRating(course.ratingSum, course.ratingCount),
        ratingCount: course.ratingCount,
        revenue,
        updatedAt: course.updatedAt.toISOString(),
      };
    }),
    total,
  };
}

/** A new course and its first version, a draft at the lowest prices, Beginner level, no modules yet. */
export async function createCourse(ctx: AppContext, creatorId: string, input: { subject: repo.CourseRow['subject']; title: string }): Promise<CreatorCourse> {
  const now = ctx.now();
  const { course, version } = await ctx.db.transaction(async (tx) => {
    const course = await repo.insertCourse(tx, { creatorId, subject: input.subject, now });
    const version = await repo.insertVersion(tx, {
      courseId: course.id,
      version: 1,
      status: 'draft',
      title: input.title,
      level: 'Beginner',
      priceInrMinor: COURSE_PRICE_RANGE.INR.minMinor,
      priceUsdMinor: COURSE_PRICE_RANGE.USD.minMinor,
      modules: [],
      bonuses: [],
      createdAt: now,
      updatedAt: now,
    });
    return { course, version };
  });
  return creatorCourseView(ctx.db, course, version);
}

/** The version the editor shows: the open one, else the live one (read-only, `approved`) until the creator starts editing it. */
export async function getCreatorCourse(ctx: AppContext, creatorId: string, courseId: string): Promise<CreatorCourse> {
  const course = await ownCourse(ctx.db, creatorId, courseId);
  const version = (await repo.findOpenVersion(ctx.db, courseId)) ?? (course.liveVersionId ? await repo.findVersion(ctx.db, course.liveVersionId) : undefined);
  if (!version) throw notFound('Course not found');
  return creatorCourseView(ctx.db, course, version);
}

/**
 * Starts editing a live course: copies the live version into a new draft with the same module
 * and lesson ids, so learners' progress carries over to it once approved. When a version is
 * already open, answers that one.
 */
export async function startEditing(ctx: AppContext, creatorId: string, courseId: string): Promise<CreatorCourse> {
  const now = ctx.now();
  const { course, version } = await ctx.db.transaction(async (tx) => {
    const course = await ownCourse(tx, creatorId, courseId, true);
    const open = await repo.findOpenVersion(tx, courseId);
    if (open) return { course, version: open };
    const live = course.liveVersionId ? await repo.findVersion(tx, course.liveVersionId) : undefined;
    if (!live) throw new AppError('CONFLICT', 'This course has no version to edit.');
    const { id: _id, status: _status, rejectionReason: _reason, submittedAt: _submitted, reviewedAt: _reviewed, reviewedBy: _reviewer, ...content } = live;
    const version = await repo.insertVersion(tx, {
      ...content,
      version: (await repo.highestVersionNumber(tx, courseId)) + 1,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    });
    return { course: await repo.updateCourse(tx, courseId, { updatedAt: now }), version };
  });
  return creatorCourseView(ctx.db, course, version);
}

const invalid = (fields: Record<string, string>) => new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, fields);

/** Module and lesson ids name one thing each within the draft. */
function checkIdsUnique(draft: CourseDraftInput): void {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  draft.modules.forEach((module, m) => {
    if (seen.has(module._id)) fields[`modules.${m}._id`] = 'Each module and lesson needs its own id.';
    seen.add(module._id);
    module.lessons.forEach((lesson, l) => {
      if (seen.has(lesson._id)) fields[`modules.${m}.lessons.${l}._id`] = 'Each module and lesson needs its own id.';
      seen.add(lesson._id);
    });
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

const kindWords: Record<MediaKind, string> = { image: 'an image', video: 'a video', pdf: 'a PDF', captions: 'a captions file' };

/** Every file the draft names is the creator's own upload of the kind its place takes. */
async function checkMedia(db: Db, creatorId: string, draft: CourseDraftInput): Promise<void> {
  const wanted: { field: string; mediaId: string; kinds: MediaKind[] }[] = [];
  if (draft.coverMediaId) wanted.push({ field: 'coverMediaId', mediaId: draft.coverMediaId, kinds: ['image'] });
  draft.modules.forEach((module, m) =>
    module.lessons.forEach((lesson, l) => {
      if (lesson.kind !== 'text' && lesson.mediaId) wanted.push({ field: `modules.${m}.lessons.${l}.mediaId`, mediaId: lesson.mediaId, kinds: [lesson.kind] });
      if (lesson.kind === 'video' && lesson.captionsMediaId) wanted.push({ field: `modules.${m}.lessons.${l}.captionsMediaId`, mediaId: lesson.captionsMediaId, kinds: ['captions'] });
    }),
  );
  draft.bonuses.forEach((bonus, b) => wanted.push({ field: `bonuses.${b}.mediaId`, mediaId: bonus.mediaId, kinds: [...BONUS_MEDIA_KINDS] }));
  if (wanted.length === 0) return;
  const rows = new Map((await findMediaByIds(db, [...new Set(wanted.map((w) => w.mediaId))])).map((row) => [row.id, row]));
  const fields: Record<string, string> = {};
  for (const { field, mediaId, kinds } of wanted) {
    const row = rows.get(mediaId);
    if (!row || row.ownerId !== creatorId) fields[field] = 'Choose a file you uploaded.';
    else if (!kinds.includes(row.kind)) fields[field] = `Choose ${kinds.map((kind) => kindWords[kind]).join(' or ')}.`;
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/**
 * A lesson id belongs to one course: learners' progress is keyed by lesson id, so a lesson id
 * taken from another course would mix two courses' progress. Run in the saving transaction, which
 * holds the lock until it commits.
 */
async function checkLessonIdsOwn(tx: Db, courseId: string, draft: CourseDraftInput): Promise<void> {
  const lessonIds = draft.modules.flatMap((module) => module.lessons.map((lesson) => lesson._id));
  if (lessonIds.length === 0) return;
  // Two courses saved at once each check the other's committed versions: the saves take turns here.
  await repo.lockLessonIds(tx);
  const taken = new Set(await repo.lessonIdsOfOtherCourses(tx, courseId, lessonIds));
  if (taken.size === 0) return;
  const fields: Record<string, string> = {};
  draft.modules.forEach((module, m) =>
    module.lessons.forEach((lesson, l) => {
      if (taken.has(lesson._id)) fields[`modules.${m}.lessons.${l}._id`] = 'This lesson id belongs to another course.';
    }),
  );
  throw invalid(fields);
}

/** Saves the open version (a rejected one becomes a draft again); a version in review waits for its decision. */
export async function saveDraft(ctx: AppContext, creatorId: string, courseId: string, { savedAt, ...draft }: CourseDraftPayload): Promise<CreatorCourse> {
  await ownCourse(ctx.db, creatorId, courseId);
  checkIdsUnique(draft);
  await checkMedia(ctx.db, creatorId, draft);
  const now = ctx.now();
  const { course, version } = await ctx.db.transaction(async (tx) => {
    await ownCourse(tx, creatorId, courseId, true);
    await checkLessonIdsOwn(tx, courseId, draft);
    const open = await repo.findOpenVersion(tx, courseId, true);
    if (!open) throw new AppError('CONFLICT', 'Start editing the course before saving it.');
    if (open.status === 'in_review') throw new AppError('CONFLICT', IN_REVIEW_MESSAGE);
    // Saved elsewhere since this editor loaded it (another tab, another device): that work is not overwritten.
    if (savedAt && open.updatedAt.toISOString() !== new Date(savedAt).toISOString()) throw new AppError('DRAFT_CHANGED', draftChanged);
    // A rejected version edited is a draft again: not submitted, so the moderators no longer see it until it is resubmitted.
    const version = await repo.updateVersion(tx, open.id, { ...draftColumns(draft), status: 'draft', submittedAt: null, updatedAt: now });
    return { course: await repo.updateCourse(tx, courseId, { updatedAt: now }), version };
  });
  return creatorCourseView(ctx.db, course, version);
}

/** Sends the open version to the moderators, once nothing keeps it from review. */
export async function submitForReview(ctx: AppContext, creatorId: string, courseId: string): Promise<CreatorCourse> {
  const now = ctx.now();
  const { course, version } = await ctx.db.transaction(async (tx) => {
    await ownCourse(tx, creatorId, courseId, true);
    const open = await repo.findOpenVersion(tx, courseId, true);
    if (!open) throw new AppError('CONFLICT', 'Start editing the course before submitting it.');
    if (open.status === 'in_review') throw new AppError('CONFLICT', IN_REVIEW_MESSAGE);
    const problems = draftProblems(versionToDraft(open));
    if (problems.length > 0) {
      throw new AppError('VALIDATION_FAILED', `Fix these before submitting: ${problems.join(' ')}`, Object.fromEntries(problems.map((problem, i) => [`problems.${i}`, problem])));
    }
    const version = await repo.updateVersion(tx, open.id, { status: 'in_review', submittedAt: now, rejectionReason: null, reviewedAt: null, reviewedBy: null, updatedAt: now });
    return { course: await repo.updateCourse(tx, courseId, { updatedAt: now }), version };
  });
  return creatorCourseView(ctx.db, course, version);
}

// ---- Moderators -------------------------------------------------------------------------------

type ReviewRow = NonNullable<Awaited<ReturnType<typeof repo.findVersionForReview>>>;

function reviewItem({ version, course, creatorName }: ReviewRow): ReviewQueueItem {
  return {
    versionId: version.id,
    courseId: course.id,
    title: version.title,
    subject: course.subject,
    creatorName,
    submittedAt: (version.submittedAt ?? version.updatedAt).toISOString(),
    // Only a live version is ever copied into a new one, so every version after the first is an update.
    isUpdate: version.version > 1,
  };
}

export async function reviewQueue(ctx: AppContext): Promise<{ items: ReviewQueueItem[] }> {
  return { items: (await repo.listInReview(ctx.db)).map(reviewItem) };
}

/** A submitted version with everything the moderator previews; a draft never submitted is the creator's alone. */
export async function reviewDetail(ctx: AppContext, versionId: string): Promise<CourseReviewDetail> {
  const row = await repo.findVersionForReview(ctx.db, versionId);
  if (!row || !row.version.submittedAt) throw notFound('Course version not found');
  const draft = versionToDraft(row.version);
  const media = await mediaOf(ctx.db, draft, (media, lessonId) => {
    if (lessonId) return lessonFileUrl(row.course.id, lessonId, row.version.id);
    return reviewFileUrl(row.version.id, media.id);
  });
  return { ...reviewItem(row), status: row.version.status, draft, media };
}

/** A file a submitted version names (cover, lesson or bonus), for the moderator's preview; any other is a 404. */
export async function reviewFile(ctx: AppContext, versionId: string, mediaId: string): Promise<MediaRow> {
  const version = await repo.findVersion(ctx.db, versionId);
  const named = version?.submittedAt ? mediaReferences(versionToDraft(version)).some((ref) => ref.mediaId === mediaId) : false;
  const [media] = named ? await findMediaByIds(ctx.db, [mediaId]) : [];
  if (!media) throw notFound('File not found');
  return media;
}

/** Where a creator reads a decision about their course: its editor, which shows the reason. */
const editorLink = (courseId: string) => `/creators/courses/${courseId}`;

type CourseDecision = { kind: 'course_approved' | 'course_rejected' | 'course_unpublished'; courseId: string; title: string; body: string };

/**
 * Tells a creator of a decision on their course, on the bell and by e-mail, both written in the
 * decision's transaction. Push the notification and send the mail once it commits (`announce`).
 */
async function tellCreator(ctx: AppContext, tx: Db, creatorId: string, decision: CourseDecision) {
  const link = editorLink(decision.courseId);
  const told = await notify(tx, creatorId, { kind: decision.kind, title: decision.title, body: decision.body, link });
  const creator = await repo.findCreatorContact(tx, creatorId);
  const mailId = creator?.email
    ? await queueMail(tx, {
        to: creator.email,
        subject: decision.title,
        text: letter(creator.name, [decision.body, '', `Open the course: ${ctx.config.publicUrl}${link}`]),
        topic: `${decision.kind}:${decision.courseId}`,
      })
    : null;
  return { told, mailId };
}

async function announce(ctx: AppContext, log: AfterCommitLog, { told, mailId }: Awaited<ReturnType<typeof tellCreator>>) {
  pushNotifications(ctx, [told]);
  if (mailId) await sendAfterCommit(ctx, mailId, log);
}

/**
 * Locks the version's course, then the version (the order every writer of a course's versions
 * uses), and checks it waits for a decision.
 */
async function lockVersionInReview(tx: Db, versionId: string) {
  const found = await repo.findVersion(tx, versionId);
  if (!found) throw notFound('Course version not found');
  const course = await repo.findCourse(tx, found.courseId, true);
  const version = await repo.lockVersion(tx, versionId);
  if (!course || !version) throw notFound('Course version not found');
  if (version.status !== 'in_review') throw new AppError('CONFLICT', 'This version is not waiting for review.');
  return { course, version };
}

/**
 * Makes the version live in one step: learners see it from now on, and the version it replaces
 * stays on record. Approval also lifts an earlier unpublishing: the moderator has just reviewed
 * the content learners will see, and without that a course once unpublished could never return.
 */
export async function approveVersion(ctx: AppContext, log: AfterCommitLog, moderatorId: string, versionId: string): Promise<CourseReviewDetail> {
  const now = ctx.now();
  const told = await ctx.db.transaction(async (tx) => {
    const { course, version } = await lockVersionInReview(tx, versionId);
    await repo.updateVersion(tx, version.id, { status: 'approved', reviewedAt: now, reviewedBy: moderatorId, rejectionReason: null, updatedAt: now });
    await repo.updateCourse(tx, course.id, { liveVersionId: version.id, publishedAt: course.publishedAt ?? now, unpublishedAt: null, unpublishReason: null, updatedAt: now });
    await repo.insertModeratorAction(tx, { moderatorId, action: 'course.approved', targetUserId: course.creatorId, courseVersionId: version.id, createdAt: now });
    return tellCreator(ctx, tx, course.creatorId, { kind: 'course_approved', courseId: course.id, title: 'Your course is live', body: `"${version.title}" was approved: learners see it now.` });
  });
  await announce(ctx, log, told);
  catalogueChanged(ctx.db);
  return reviewDetail(ctx, versionId);
}

/** Sends the version back to its creator with the reason, which they see beside it. */
export async function rejectVersion(ctx: AppContext, log: AfterCommitLog, moderatorId: string, versionId: string, reason: string): Promise<CourseReviewDetail> {
  const now = ctx.now();
  const told = await ctx.db.transaction(async (tx) => {
    const { course, version } = await lockVersionInReview(tx, versionId);
    await repo.updateVersion(tx, version.id, { status: 'rejected', rejectionReason: reason, reviewedAt: now, reviewedBy: moderatorId, updatedAt: now });
    await repo.updateCourse(tx, course.id, { updatedAt: now });
    await repo.insertModeratorAction(tx, { moderatorId, action: 'course.rejected', targetUserId: course.creatorId, courseVersionId: version.id, reason, createdAt: now });
    return tellCreator(ctx, tx, course.creatorId, { kind: 'course_rejected', courseId: course.id, title: 'Your course needs changes', body: `"${version.title}": ${reason}` });
  });
  await announce(ctx, log, told);
  return reviewDetail(ctx, versionId);
}

export async function liveCourses(ctx: AppContext): Promise<LiveCourses> {
  const rows = await repo.listLiveCourses(ctx.db);
  return {
    items: rows.map((row) => ({
      courseId: row.course.id,
      title: row.title,
      subject: row.course.subject,
      creatorName: row.creatorName,
      publishedAt: (row.course.publishedAt ?? row.course.createdAt).toISOString(),
      enrolments: row.enrolments,
    })),
  };
}

/**
 * Takes a live course out of the catalogue. Only recorded here: what learners who own it keep
 * is the learner side's decision.
 */
export async function unpublishCourse(ctx: AppContext, log: AfterCommitLog, moderatorId: string, courseId: string, reason: string): Promise<void> {
  const now = ctx.now();
  const told = await ctx.db.transaction(async (tx) => {
    const course = await repo.findCourse(tx, courseId, true);
    if (!course) throw notFound('Course not found');
    if (!course.liveVersionId) throw new AppError('CONFLICT', 'This course is not live.');
    if (course.unpublishedAt) throw new AppError('CONFLICT', 'This course is already unpublished.');
    await repo.updateCourse(tx, courseId, { unpublishedAt: now, unpublishReason: reason, updatedAt: now });
    await repo.insertModeratorAction(tx, { moderatorId, action: 'course.unpublished', targetUserId: course.creatorId, courseVersionId: course.liveVersionId, reason, createdAt: now });
    const live = await repo.findVersion(tx, course.liveVersionId);
    return tellCreator(ctx, tx, course.creatorId, { kind: 'course_unpublished', courseId: course.id, title: 'Your course was unpublished', body: `"${live?.title ?? 'Your course'}": ${reason}` });
  });
  await announce(ctx, log, told);
  catalogueChanged(ctx.db);
}
