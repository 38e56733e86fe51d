import { randomInt } from 'node:crypto';
import {
  ANALYTICS_BEAT_MAX_SECONDS,
  courseMessages,
  earnsCertificate,
  lessonCompletion,
  progressPercent,
  type CourseProgress,
} from '@parley/domain/courses';
import type { CurriculumLevel } from '@parley/domain/curriculum';
import { isoDateInZone } from '@parley/domain/zoned-time';
import type { Role } from '@parley/domain/roles';
import type { z } from 'zod';
import type { bonusListResponse, certificateSchema, certificateVerificationSchema, libraryVideoSchema, lessonProgressSchema } from '@parley/domain/courses';
import type { AppContext } from '../../context';
import type { CourseModulesJson } from '../../db/schema';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { findMedia, findMediaByIds, type MediaRow } from '../media/media.service';
import { renderCertificatePdf } from './certificate-pdf';
import { courseAccess, findCourseForLearner } from './courses.service';
import * as repo from './learning.repository';

/*
 * The learning side of courses: lesson progress and time spent, completion and the
 * certificate it earns, lesson files, bonus files and the free video library. Who may open a
 * paid lesson is decided by `courseAccess` (courses.service.ts); everything refused here is a
 * 404 unless the viewer already knows the course exists (a live course in the catalogue). An
 * unpublished course stays open to the learners who own it (`findCourseForLearner`).
 */

type LessonJson = CourseModulesJson[number]['lessons'][number];
type LessonProgress = z.infer<typeof lessonProgressSchema>;

const messages = {
  lessonNotFound: 'Lesson not found',
  fileNotFound: 'File not found',
  certificateNotFound: 'Certificate not found',
  bonusNotFound: 'Bonus file not found',
  videoNotFound: 'Video not found',
  buyToOpen: 'Buy the course to open this lesson.',
  buyToComplete: 'Buy the course to complete its lessons.',
} as const;

const lessonsOf = (modules: CourseModulesJson): LessonJson[] => modules.flatMap((module) => module.lessons);

// ---- Progress ---------------------------------------------------------------------------------

export type LessonProgressSummary = {
  completedLessonIds: Set<string>;
  /** Where Continue opens the course (see `summarise`); null when no lesson was opened. */
  resumeLessonId: string | null;
  certificateId: string | null;
};

/**
 * Where a learner stands in a course: what they completed, where to resume, their certificate,
 * over the live version's lessons `lessonIds` (lessons a later version removed are neither
 * counted nor resumed, so the place to resume is the latest lesson the course still has).
 */
export async function lessonProgressOf(db: Db, userId: string, courseId: string, lessonIds: readonly string[]): Promise<LessonProgressSummary> {
  const [rows, certificate] = await Promise.all([repo.listLessonProgress(db, userId, courseId), repo.findCertificateFor(db, userId, courseId)]);
  const kept = new Set(lessonIds);
  return { ...summarise(rows.filter((row) => kept.has(row.lessonId)), lessonIds), certificateId: certificate?.id ?? null };
}

/**
 * `rows` newest first, `lessonIds` in the course's order. A learner who has opened nothing has no
 * place to resume; otherwise the place is the lesson touched last that is not complete, else (every
 * lesson touched is complete) the course's first lesson not complete (one not opened yet, or added
 * by a later version), else the lesson touched last.
 */
function summarise(rows: repo.LessonProgressRow[], lessonIds: readonly string[]) {
  const completedLessonIds = new Set(rows.filter((row) => row.completedAt).map((row) => row.lessonId));
  const resumeLessonId =
    rows.length === 0 ? null : (rows.find((row) => !row.completedAt)?.lessonId ?? lessonIds.find((id) => !completedLessonIds.has(id)) ?? rows[0]!.lessonId);
  return { completedLessonIds, resumeLessonId };
}

const toLessonProgress = (row: Pick<repo.LessonProgressRow, 'lessonId' | 'positionSeconds' | 'secondsSpent' | 'completedAt'>): LessonProgress => ({
  lessonId: row.lessonId,
  positionSeconds: row.positionSeconds,
  secondsSpent: row.secondsSpent,
  completed: row.completedAt !== null,
});

type LessonTarget = { courseId: string; lessonId: string };

/**
 * A lesson of a live course (or an unpublished one the learner owns) the learner may open: they
 * have access to the course, or it is a preview lesson. Unknown courses and lessons are 404; a
 * paid lesson without access is 403.
 */
async function openableLesson(db: Db, userId: string, target: LessonTarget, now: Date) {
  const live = await findCourseForLearner(db, userId, target.courseId);
  if (!live) throw notFound(courseMessages.courseNotFound);
  const lesson = lessonsOf(live.version.modules).find((candidate) => candidate.id === target.lessonId);
  if (!lesson) throw notFound(messages.lessonNotFound);
  const access = await courseAccess(db, userId, live.course, now);
  if (!access && !lesson.isPreview) throw new AppError('FORBIDDEN', messages.buyToOpen);
  return { live, lesson, access };
}

/** POST /api/course/analytics/start: the lesson is open; it becomes the one to resume. */
export async function startLesson(ctx: AppContext, userId: string, target: LessonTarget): Promise<LessonProgress> {
  const now = ctx.now();
  await openableLesson(ctx.db, userId, target, now);
  return toLessonProgress(await repo.startLesson(ctx.db, { userId, ...target, now }));
}

/** PUT /api/course/analytics/update: a beat counts at most ANALYTICS_BEAT_MAX_SECONDS, so a tab left open cannot inflate time spent. */
export async function recordLessonBeat(
  ctx: AppContext,
  userId: string,
  beat: LessonTarget & { positionSeconds: number; secondsSpent: number },
): Promise<LessonProgress> {
  const now = ctx.now();
  await openableLesson(ctx.db, userId, beat, now);
  const secondsSpent = Math.round(Math.min(beat.secondsSpent, ANALYTICS_BEAT_MAX_SECONDS));
  return toLessonProgress(await repo.recordBeat(ctx.db, { ...beat, userId, secondsSpent, now }));
}

/** GET /api/course/analytics/course/{id}: progress over the live version's lessons. */
export async function courseProgress(ctx: AppContext, userId: string, courseId: string): Promise<CourseProgress> {
  const live = await findCourseForLearner(ctx.db, userId, courseId);
  if (!live) throw notFound(courseMessages.courseNotFound);
  const lessons = lessonsOf(live.version.modules);
  // Someone previewing a course may follow their place in its preview lessons; anything else needs access.
  if (!lessons.some((lesson) => lesson.isPreview) && !(await courseAccess(ctx.db, userId, live.course, ctx.now()))) {
    throw new AppError('FORBIDDEN', messages.buyToOpen);
  }
  return progressIn(ctx.db, userId, courseId, lessons);
}

async function progressIn(db: Db, userId: string, courseId: string, lessons: LessonJson[]): Promise<CourseProgress> {
  const [rows, certificate] = await Promise.all([repo.listLessonProgress(db, userId, courseId), repo.findCertificateFor(db, userId, courseId)]);
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  const inCourse = rows.filter((row) => lessons.some((lesson) => lesson.id === row.lessonId));
  const { completedLessonIds, resumeLessonId } = summarise(
    inCourse,
    lessons.map((lesson) => lesson.id),
  );
  return {
    courseId,
    progressPercent: progressPercent(completedLessonIds.size, lessons.length),
    secondsSpent: rows.reduce((total, row) => total + row.secondsSpent, 0),
    resumeLessonId,
    lessons: lessons.map((lesson) => toLessonProgress(byLesson.get(lesson.id) ?? { lessonId: lesson.id, positionSeconds: 0, secondsSpent: 0, completedAt: null })),
    certificateId: certificate?.id ?? null,
  };
}

/**
 * POST /api/course/analytics/{id}/complete: marks the lesson complete (again is a no-op) and,
 * when that completes every lesson of the live version, issues the certificate in the same
 * transaction. A lesson completes only once it was opened and open long enough in real time
 * (`lessonCompletion`: half a video's length, its file's when shorter, a short read otherwise), so a certificate cannot be
 * had by completing every lesson straight after buying; a refusal changes nothing. Completions of
 * one learner in one course run one at a time, and the certificate is unique per learner and
 * course, so any number of simultaneous calls issue one.
 */
export async function completeLesson(ctx: AppContext, userId: string, target: LessonTarget): Promise<CourseProgress> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { live, lesson, access } = await openableLesson(tx, userId, target, now);
    // A preview may be watched, never completed: completion leads to a certificate.
    if (!access) throw new AppError('FORBIDDEN', messages.buyToComplete);
    await repo.lockLearnerCourse(tx, userId, target.courseId);
    const opened = await repo.findLessonProgress(tx, userId, target.lessonId);
    if (!opened?.completedAt) {
      // A video whose file is shorter than the lesson says is waited for by the file's length.
      const mediaSeconds = lesson.kind === 'video' && lesson.mediaId ? ((await findMedia(tx, lesson.mediaId))?.durationSeconds ?? null) : null;
      const completion = lessonCompletion({ ...lesson, mediaSeconds }, opened?.startedAt ?? null, now);
      if (!completion.ready) throw new AppError('LESSON_NOT_FINISHED', courseMessages.lessonNotFinished(lesson.kind, completion.secondsLeft));
    }
    await repo.completeLesson(tx, { userId, ...target, now });
    const lessons = lessonsOf(live.version.modules);
    const progress = await progressIn(tx, userId, target.courseId, lessons);
    const completed = progress.lessons.filter((lesson) => lesson.completed).length;
    if (progress.certificateId || !earnsCertificate(completed, lessons.length)) return progress;
    const certificateId = await issueCertificate(tx, { userId, courseId: target.courseId, courseTitle: live.version.title, now });
    return { ...progress, certificateId };
  });
}

// ---- Certificates -----------------------------------------------------------------------------

/** No 0/O, 1/I/L: a code read aloud or typed from paper comes out right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_ATTEMPTS = 5;

export function newCertificateCode(): string {
  const group = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

async function issueCertificate(tx: Db, issue: { userId: string; courseId: string; courseTitle: string; now: Date }): Promise<string> {
  return issueCertificateOnce(tx, { userId: issue.userId, subject: { courseId: issue.courseId }, title: issue.courseTitle, now: issue.now });
}

/** What a certificate certifies: a course, or a curriculum level (features/curriculum). */
export type CertificateSubject = { courseId: string } | { curriculumLevel: CurriculumLevel };

/**
 * Issues the learner's certificate for a course or a curriculum level, once, in the caller's
 * transaction, with a fresh verification code; the same PDF and the same public check serve both.
 * Returns the certificate's id (the existing one when it was already issued).
 */
export async function issueCertificateOnce(tx: Db, issue: { userId: string; subject: CertificateSubject; title: string; now: Date }): Promise<string> {
  const learner = await repo.findLearnerForCertificate(tx, issue.userId);
  if (!learner) throw new Error(`no learner ${issue.userId} to certify`);
  // Dated the learner's day, in their zone now: it stays that day whatever zone they move to.
  const issuedOn = isoDateInZone(issue.now, learner.timezone);
  const subject = 'courseId' in issue.subject ? { courseId: issue.subject.courseId } : { curriculumLevel: issue.subject.curriculumLevel };
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const row = { code: newCertificateCode(), userId: issue.userId, ...subject, learnerName: learner.name, courseTitle: issue.title, issuedAt: issue.now, issuedOn };
    await repo.insertCertificate(tx, row);
    // Nothing inserted means the learner already has it, or the random code was taken: try another.
    const issued = await repo.findCertificateOf(tx, issue.userId, issue.subject);
    if (issued) return issued.id;
  }
  throw new Error('could not find a free certificate code');
}

type Certificate = z.infer<typeof certificateSchema>;

const toCertificate = (row: repo.CertificateRow): Certificate => ({
  _id: row.id,
  code: row.code,
  courseId: row.courseId,
  curriculumLevel: row.curriculumLevel,
  courseTitle: row.courseTitle,
  learnerName: row.learnerName,
  issuedAt: row.issuedAt.toISOString(),
  issuedOn: row.issuedOn,
  pdfUrl: `/api/certificates/${row.id}/pdf`,
  verifyPath: `/certificates/${row.code}`,
});

export async function listCertificates(ctx: AppContext, userId: string): Promise<{ items: Certificate[] }> {
  return { items: (await repo.listCertificates(ctx.db, userId)).map(toCertificate) };
}

/** The learner's own certificate as a PDF; anybody else's is not found. */
export async function certificatePdf(ctx: AppContext, userId: string, certificateId: string): Promise<{ code: string; pdf: Uint8Array }> {
  const row = await repo.findCertificate(ctx.db, certificateId);
  if (!row || row.userId !== userId) throw notFound(messages.certificateNotFound);
  const pdf = await renderCertificatePdf({
    learnerName: row.learnerName,
    kind: certificateKind(row),
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt,
    issuedOn: row.issuedOn,
    code: row.code,
    verifyUrl: `${ctx.config.publicUrl}/certificates/${row.code}`,
  });
  return { code: row.code, pdf };
}

/** A curriculum level's certificate is earned by passing its test; a course's by completing it. */
const certificateKind = (row: { curriculumLevel: string | null }) => (row.curriculumLevel ? 'level' : 'course');

/** Public: anyone holding a code can check what it certifies. */
export async function verifyCertificate(ctx: AppContext, code: string): Promise<z.infer<typeof certificateVerificationSchema>> {
  const row = await repo.findCertificateByCode(ctx.db, code);
  if (!row) throw notFound(messages.certificateNotFound);
  return { code: row.code, learnerName: row.learnerName, kind: certificateKind(row), courseTitle: row.courseTitle, issuedAt: row.issuedAt.toISOString(), issuedOn: row.issuedOn };
}

// ---- Lesson files -----------------------------------------------------------------------------

/**
 * The file of a video or PDF lesson (or a video lesson's captions), for whoever may open it:
 * - the course's creator: any version of their course (the live one without `versionId`);
 * - a moderator: any version that was submitted for review (in review, approved, or rejected),
 *   never a draft, which is the creator's alone until it is submitted;
 * - anyone else, signed in or not: only the live version's lesson, when it is a preview, or
 *   when they are a learner with access to the course (an unpublished course: its owners).
 * Every refusal is a 404, so a lesson file never reveals that a course or version exists.
 * `viewers` holds each role session the request carries (a browser may hold several).
 */
export async function lessonFile(
  ctx: AppContext,
  viewers: readonly AuthContext[],
  target: LessonTarget & { versionId?: string | undefined },
  file: 'file' | 'captions' = 'file',
): Promise<MediaRow> {
  const staff = viewers.filter((viewer) => viewer.role === 'moderator' || viewer.role === 'creator');
  const reviewed = staff.length > 0 ? await repo.findCourseVersion(ctx.db, target.courseId, target.versionId) : undefined;
  const asStaff = reviewed && staff.some((viewer) => (viewer.role === 'moderator' && wasSubmitted(reviewed.version)) || viewer.userId === reviewed.course.creatorId);
  const lesson = asStaff ? findLesson(reviewed.version.modules, target.lessonId) : await learnerLesson(ctx, viewers, target);
  const mediaId = lesson ? fileOf(lesson, file) : null;
  const media = mediaId ? await findMedia(ctx.db, mediaId) : undefined;
  if (!media) throw notFound(messages.fileNotFound);
  return media;
}

/** The upload a lesson names as `file`: its video or PDF, or a video lesson's captions (null: none). */
function fileOf(lesson: CourseModulesJson[number]['lessons'][number], file: 'file' | 'captions'): string | null {
  if (lesson.kind === 'text') return null;
  if (file === 'file') return lesson.mediaId;
  return lesson.kind === 'video' ? (lesson.captionsMediaId ?? null) : null;
}

const findLesson = (modules: CourseModulesJson, lessonId: string) => lessonsOf(modules).find((lesson) => lesson.id === lessonId);

/** In review, decided, or rejected after being submitted: what moderators may read. A draft (a rejected version edited since included) is not. */
const wasSubmitted = (version: { status: string; submittedAt: Date | null }) =>
  version.status === 'in_review' || version.status === 'approved' || (version.status === 'rejected' && version.submittedAt !== null);

/** The course as the request's viewers see it: live for everyone; unpublished, when one of its learner sessions owns it. */
async function courseForViewers(ctx: AppContext, learnerIds: readonly string[], courseId: string) {
  for (const learnerId of [null, ...learnerIds]) {
    const found = await findCourseForLearner(ctx.db, learnerId, courseId);
    if (found) return found;
  }
  return undefined;
}

async function learnerLesson(ctx: AppContext, viewers: readonly AuthContext[], target: LessonTarget & { versionId?: string | undefined }) {
  const learnerIds = viewers.filter((viewer) => viewer.role === 'learner').map((viewer) => viewer.userId);
  const live = await courseForViewers(ctx, learnerIds, target.courseId);
  if (!live || (target.versionId && target.versionId !== live.version.id)) return undefined;
  const lesson = findLesson(live.version.modules, target.lessonId);
  if (!lesson || lesson.isPreview) return lesson;
  for (const learnerId of learnerIds) {
    if (await courseAccess(ctx.db, learnerId, live.course, ctx.now())) return lesson;
  }
  return undefined;
}

// ---- Bonus files ------------------------------------------------------------------------------

const bonusUrl = (bonusName: string, courseId: string) =>
  `/api/workshop-details/download-bonus?${new URLSearchParams({ bonusName, courseId }).toString()}`;

/** GET /api/workshop-details/get-bonus: the bonus files of every course the learner can open (live, or unpublished and owned). */
export async function listBonuses(ctx: AppContext, userId: string): Promise<z.infer<typeof bonusListResponse>> {
  const courses = await repo.listAccessibleCoursesWithBonuses(ctx.db, userId, ctx.now());
  const bonuses = courses.flatMap(({ course, version }) => version.bonuses.map((bonus) => ({ ...bonus, courseId: course.id, courseTitle: version.title })));
  const sizes = new Map((await findMediaByIds(ctx.db, bonuses.map((bonus) => bonus.mediaId))).map((media) => [media.id, media.sizeBytes]));
  return {
    items: bonuses
      .filter((bonus) => sizes.has(bonus.mediaId))
      .map((bonus) => ({
        bonusName: bonus.bonusName,
        courseId: bonus.courseId,
        courseTitle: bonus.courseTitle,
        sizeBytes: sizes.get(bonus.mediaId)!,
        downloadUrl: bonusUrl(bonus.bonusName, bonus.courseId),
      })),
  };
}

/** GET /api/workshop-details/download-bonus: the file, only from a course the learner can open (an unpublished one: only its owners). */
export async function bonusFile(ctx: AppContext, userId: string, query: { bonusName: string; courseId?: string | undefined }): Promise<{ media: MediaRow; fileName: string }> {
  const now = ctx.now();
  for (const { course, version } of await repo.listPublishedCoursesWithBonus(ctx.db, query.bonusName, query.courseId)) {
    const bonus = version.bonuses.find((candidate) => candidate.bonusName === query.bonusName);
    if (!bonus || !(await courseAccess(ctx.db, userId, course, now))) continue;
    const media = await findMedia(ctx.db, bonus.mediaId);
    // Served under the bonus's name and its type's extension ("Vocabulary list" of a PDF: "Vocabulary list.pdf").
    if (media) return { media, fileName: bonus.bonusName };
  }
  throw notFound(messages.bonusNotFound);
}

// ---- The video library ------------------------------------------------------------------------

type LibraryAudience = 'learners' | 'kids';

/** Kids see only videos made for kids; a learner sees the learners' videos, or the kids' when asked. */
const audiencesFor = (role: Role, asked: LibraryAudience | undefined): repo.LibraryVideoRow['audience'][] =>
  role === 'kid' ? ['kids', 'both'] : [asked ?? 'learners', 'both'];

export async function listLibraryVideos(ctx: AppContext, role: Role, audience: LibraryAudience | undefined): Promise<{ items: z.infer<typeof libraryVideoSchema>[] }> {
  const rows = await repo.listLibraryVideos(ctx.db, audiencesFor(role, audience));
  return {
    items: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      description: row.description,
      durationSeconds: row.durationSeconds,
      audience: row.audience,
      videoUrl: `/api/library/videos/${row.id}/file`,
    })),
  };
}

/** A library video's file: free to every learner; a kid only opens the kids' videos. */
export async function libraryVideoFile(ctx: AppContext, role: Role, videoId: string): Promise<MediaRow> {
  const video = await repo.findLibraryVideo(ctx.db, videoId);
  if (!video || (role === 'kid' && video.audience === 'learners')) throw notFound(messages.videoNotFound);
  const media = await findMedia(ctx.db, video.mediaId);
  if (!media) throw notFound(messages.videoNotFound);
  return media;
}
