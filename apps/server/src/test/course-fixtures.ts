import { randomUUID } from 'node:crypto';
import type { CourseLevel, CourseSubject, CourseVersionStatus, LessonKind } from '@parley/domain/courses';
import type { Currency } from '@parley/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, courseVersions, users, type CourseModulesJson } from '../db/schema';
import { catalogueChanged } from '../features/courses/courses.service';

// Tests make their own courses: a course row and one version, written straight through Drizzle.

export type LessonFixture = {
  title?: string;
  kind?: LessonKind;
  durationMin?: number;
  isPreview?: boolean;
  /** Video and PDF lessons: a media_files row id (none by default). */
  mediaId?: string | null;
  /** Video lessons: a WebVTT media_files row id (none by default). */
  captionsMediaId?: string | null;
  text?: string;
};

export type CourseFixtureOptions = {
  /** The creator account (role creator); the demo creator by default. */
  creatorEmail?: string;
  subject: CourseSubject;
  title: string;
  /** Minor units per currency; ₹499 / $9.99 by default. */
  prices?: Record<Currency, number>;
  description?: string;
  level?: CourseLevel;
  coverMediaId?: string | null;
  /** One module holding these lessons; ignored when `modules` is given. Two text lessons by default. */
  lessons?: LessonFixture[];
  modules?: { title?: string; lessons: LessonFixture[] }[];
  bonuses?: { bonusName: string; mediaId: string }[];
  /**
   * 'approved' (default) makes the course live; any other status leaves a course learners cannot
   * see (a draft, one in review, or a rejected one).
   */
  status?: CourseVersionStatus;
  /** Live courses: when it went live (sorts the catalogue, newest first). Now by default. */
  publishedAt?: Date;
  /** Live courses: unpublished by a moderator after going live. */
  unpublished?: boolean;
};

export type CourseFixture = {
  courseId: string;
  versionId: string;
  creatorId: string;
  moduleIds: string[];
  /** Every lesson id, in syllabus order. */
  lessonIds: string[];
};

export async function createLiveCourse(db: Db, options: CourseFixtureOptions): Promise<CourseFixture> {
  const creatorEmail = options.creatorEmail ?? 'creator@parley.test';
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, creatorEmail), eq(users.role, 'creator')));
  if (!creator) throw new Error(`no creator account ${creatorEmail}`);

  const moduleInputs = options.modules ?? [{ lessons: options.lessons ?? [{ kind: 'text', isPreview: true }, { kind: 'text' }] }];
  const modules: CourseModulesJson = moduleInputs.map((module, m) => ({
    id: randomUUID(),
    title: module.title ?? `Module ${m + 1}`,
    lessons: module.lessons.map((lesson, l) => {
      const kind = lesson.kind ?? 'text';
      return {
        id: randomUUID(),
        title: lesson.title ?? `Lesson ${m + 1}.${l + 1}`,
        kind,
        durationMin: lesson.durationMin ?? 10,
        isPreview: lesson.isPreview ?? false,
        mediaId: lesson.mediaId ?? null,
        captionsMediaId: lesson.captionsMediaId ?? null,
        text: lesson.text ?? (kind === 'text' ? `The text of lesson ${m + 1}.${l + 1}.` : ''),
      };
    }),
  }));
  const lessons = modules.flatMap((module) => module.lessons);
  const status = options.status ?? 'approved';
  const live = status === 'approved';
  const now = new Date();
  const publishedAt = options.publishedAt ?? now;

  const created = await db.transaction(async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({ creatorId: creator.id, subject: options.subject, ...(live ? { publishedAt } : {}), ...(live && options.unpublished ? { unpublishedAt: now, unpublishReason: 'Unpublished by a test.' } : {}) })
      .returning({ id: courses.id });
    const [version] = await tx
      .insert(courseVersions)
      .values({
        courseId: course!.id,
        version: 1,
        status,
        title: options.title,
        description: options.description ?? `${options.title}: a course written for the tests, long enough to read.`,
        level: options.level ?? 'Beginner',
        coverMediaId: options.coverMediaId ?? null,
        priceInrMinor: options.prices?.INR ?? 49_900,
        priceUsdMinor: options.prices?.USD ?? 999,
        modules,
        bonuses: options.bonuses ?? [],
        lessonCount: lessons.length,
        durationMin: lessons.reduce((total, lesson) => total + lesson.durationMin, 0),
        ...(status === 'draft' ? {} : { submittedAt: now }),
        ...(live || status === 'rejected' ? { reviewedAt: now } : {}),
        ...(status === 'rejected' ? { rejectionReason: 'Rejected by a test.' } : {}),
      })
      .returning({ id: courseVersions.id });
    if (live) await tx.update(courses).set({ liveVersionId: version!.id }).where(eq(courses.id, course!.id));
    return { courseId: course!.id, versionId: version!.id, creatorId: creator.id, moduleIds: modules.map((module) => module.id), lessonIds: lessons.map((lesson) => lesson.id) };
  });
  catalogueChanged(db);
  return created;
}
