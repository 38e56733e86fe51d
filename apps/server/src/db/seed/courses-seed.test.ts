import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateCodeSchema, COURSE_PRICE_RANGE, courseDraftInput, draftProblems, lessonCompletion, progressPercent } from '@parley/domain/courses';
import { serverRoot } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';
import { certificates, courseEnrolments, courseRatings, courses, courseVersions, lessonProgress, libraryVideos, mediaFiles, moderatorActions, users } from '../schema';
import { seedCatalogue } from './course-catalogue';
import { buildSeedMedia, renderPdf, seedCourses, seedMediaDir, SEED_VIDEO_SECONDS } from './courses-seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KB = 1024;

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.ctx.media.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the seeded catalogue', () => {
  it('has live courses in every subject, one in review, one draft and one rejected with its reason', async () => {
    const rows = await t.ctx.db
      .select({ subject: courses.subject, live: courses.liveVersionId, publishedAt: courses.publishedAt, status: courseVersions.status, reason: courseVersions.rejectionReason })
      .from(courses)
      .innerJoin(courseVersions, eq(courseVersions.courseId, courses.id));
    const live = rows.filter((row) => row.status === 'approved');
    expect(live.length).toBeGreaterThanOrEqual(8);
    expect(new Set(live.map((row) => row.subject))).toEqual(new Set(['English', 'IELTS', 'Kids', 'AI']));
    expect(live.every((row) => row.live && row.publishedAt)).toBe(true);
    expect(new Set(live.map((row) => row.publishedAt!.toDateString())).size).toBe(live.length);
    for (const status of ['in_review', 'draft', 'rejected'] as const) {
      const matching = rows.filter((row) => row.status === status);
      expect(matching, status).toHaveLength(1);
      expect(matching[0]!.live, status).toBeNull();
    }
    expect(rows.find((row) => row.status === 'rejected')!.reason!.length).toBeGreaterThan(20);
    // Each review is in the moderators' audit log, with the rejection's reason.
    const actions = await t.ctx.db.select().from(moderatorActions);
    expect(actions.filter((a) => a.action === 'course.approved')).toHaveLength(live.length);
    const [rejected] = actions.filter((a) => a.action === 'course.rejected');
    expect(rejected?.reason).toBe(rows.find((row) => row.status === 'rejected')!.reason);
  });

  it('stores versions the creator editor accepts: complete unless a draft, prices in range', async () => {
    const versions = await t.ctx.db.select().from(courseVersions);
    expect(versions.length).toBe(seedCatalogue.length);
    for (const version of versions) {
      const draft = courseDraftInput.parse({
        title: version.title,
        description: version.description,
        level: version.level,
        coverMediaId: version.coverMediaId,
        prices: { INR: version.priceInrMinor, USD: version.priceUsdMinor },
        modules: version.modules.map((module) => ({ _id: module.id, title: module.title, lessons: module.lessons.map(({ id, ...lesson }) => ({ _id: id, ...lesson })) })),
        bonuses: version.bonuses,
      });
      const problems = draftProblems(draft);
      if (version.status === 'draft') expect(problems.length, version.title).toBeGreaterThan(0);
      else expect(problems, version.title).toEqual([]);
      const lessons = version.modules.flatMap((module) => module.lessons);
      expect(version.modules.length).toBeGreaterThanOrEqual(2);
      expect(lessons.filter((lesson) => lesson.isPreview), version.title).toHaveLength(1);
      expect(version.lessonCount).toBe(lessons.length);
      expect(version.durationMin).toBe(lessons.reduce((total, lesson) => total + lesson.durationMin, 0));
      expect(version.priceInrMinor).toBeGreaterThanOrEqual(COURSE_PRICE_RANGE.INR.minMinor);
      expect(version.priceUsdMinor).toBeGreaterThanOrEqual(COURSE_PRICE_RANGE.USD.minMinor);
      if (version.status !== 'draft') expect(new Set(lessons.map((lesson) => lesson.kind)), version.title).toEqual(new Set(['video', 'pdf', 'text']));
    }
  });

  it('points every cover, lesson file and bonus at a media row of the right kind whose bytes the store holds', async () => {
    const versions = await t.ctx.db.select().from(courseVersions);
    const media = new Map((await t.ctx.db.select().from(mediaFiles)).map((row) => [row.id, row]));
    const expectMedia = async (id: string | null, kind: string) => {
      const row = media.get(id!);
      expect(row?.kind).toBe(kind);
      expect((await readAll(row!.storageKey)).length).toBe(row!.sizeBytes);
    };
    for (const version of versions) {
      await expectMedia(version.coverMediaId, 'image');
      for (const lesson of version.modules.flatMap((module) => module.lessons)) {
        if (lesson.mediaId) await expectMedia(lesson.mediaId, lesson.kind);
      }
      for (const bonus of version.bonuses) await expectMedia(bonus.mediaId, 'pdf');
    }
    expect(versions.filter((version) => version.bonuses.length > 0)).toHaveLength(2);
    const library = await t.ctx.db.select().from(libraryVideos);
    expect(library.length).toBeGreaterThanOrEqual(3);
    expect(new Set(library.map((video) => video.audience))).toEqual(new Set(['learners', 'kids', 'both']));
    for (const video of library) await expectMedia(video.mediaId, 'video');
  });

  it('keeps each course’s rating totals equal to its ratings, all from owners who started it', async () => {
    const rows = await t.ctx.db
      .select({
        id: courses.id,
        ratingSum: courses.ratingSum,
        ratingCount: courses.ratingCount,
        sum: sql<number>`coalesce((select sum(${courseRatings.stars}) from ${courseRatings} where ${courseRatings.courseId} = ${courses.id}), 0)::int`,
        count: sql<number>`(select count(*) from ${courseRatings} where ${courseRatings.courseId} = ${courses.id})::int`,
      })
      .from(courses);
    for (const row of rows) expect([row.ratingSum, row.ratingCount]).toEqual([row.sum, row.count]);
    expect(rows.filter((row) => row.ratingCount > 0).length).toBeGreaterThanOrEqual(4);
    const ratings = await t.ctx.db.select().from(courseRatings);
    for (const rating of ratings) {
      const mine = (table: typeof courseEnrolments | typeof lessonProgress) => and(eq(table.userId, rating.userId), eq(table.courseId, rating.courseId));
      expect(await t.ctx.db.select().from(courseEnrolments).where(mine(courseEnrolments))).toHaveLength(1);
      expect((await t.ctx.db.select().from(lessonProgress).where(mine(lessonProgress))).length).toBeGreaterThan(0);
    }
  });

  it('issues certificates only to learners who completed every lesson', async () => {
    // Course certificates only: the curriculum's level certificates name a level instead.
    const issued = (await t.ctx.db.select().from(certificates)).flatMap((row) => (row.courseId ? [{ ...row, courseId: row.courseId }] : []));
    expect(issued.length).toBeGreaterThanOrEqual(1);
    for (const certificate of issued) {
      expect(certificateCodeSchema.safeParse(certificate.code).success).toBe(true);
      const [version] = await t.ctx.db.select().from(courseVersions).where(eq(courseVersions.courseId, certificate.courseId));
      const done = await t.ctx.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, certificate.userId), eq(lessonProgress.courseId, certificate.courseId)));
      expect(done.filter((row) => row.completedAt).length).toBe(version!.lessonCount);
      expect(certificate.courseTitle).toBe(version!.title);
    }
  });

  it('completes a lesson only after the time in it that a learner would need (lessonCompletion)', async () => {
    const versions = await t.ctx.db.select({ courseId: courseVersions.courseId, modules: courseVersions.modules }).from(courseVersions);
    const lessons = new Map(versions.flatMap((version) => version.modules.flatMap((module) => module.lessons.map((lesson) => [lesson.id, lesson] as const))));
    const done = (await t.ctx.db.select().from(lessonProgress)).filter((row) => row.completedAt);
    expect(done.length).toBeGreaterThan(0);
    for (const row of done) expect(lessonCompletion(lessons.get(row.lessonId)!, row.startedAt, row.completedAt!)).toEqual({ ready: true });
  });

  it('gives the demo learner one course, bought and half done, without a certificate', async () => {
    const [learner] = await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, 'learner@parley.test'), eq(users.role, 'learner')));
    const owned = await t.ctx.db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, learner!.id));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ source: 'purchase', currency: 'INR' });
    const [version] = await t.ctx.db.select().from(courseVersions).where(eq(courseVersions.courseId, owned[0]!.courseId));
    expect(owned[0]!.amountMinor).toBe(version!.priceInrMinor);
    const progress = await t.ctx.db.select().from(lessonProgress).where(eq(lessonProgress.userId, learner!.id));
    const done = progress.filter((row) => row.completedAt);
    expect(progressPercent(done.length, version!.lessonCount)).toBe(50);
    expect(progress.every((row) => row.secondsSpent > 0)).toBe(true);
    const open = progress.find((row) => !row.completedAt)!;
    expect(open.updatedAt.getTime()).toBeGreaterThan(Math.max(...done.map((row) => row.updatedAt.getTime())));
    const lessons = version!.modules.flatMap((module) => module.lessons);
    const video = lessons.find((lesson) => lesson.kind === 'video')!;
    expect(progress.find((row) => row.lessonId === video.id)?.positionSeconds).toBe(SEED_VIDEO_SECONDS);
    expect(await t.ctx.db.select().from(certificates).where(eq(certificates.userId, learner!.id))).toEqual([]);
  });

  it('lets the second creator and the reviewers sign in with the demo password', async () => {
    await expect(t.signIn('creator.meera@parley.test', 'creator')).resolves.toBeDefined();
    await expect(t.signIn('ayesha.khan@parley.test', 'learner')).resolves.toBeDefined();
  });

  it('adds nothing when it runs again', async () => {
    const count = async () => {
      const tables = [courses, courseVersions, courseEnrolments, courseRatings, lessonProgress, certificates, libraryVideos, mediaFiles, users] as const;
      return Promise.all(tables.map(async (table) => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n));
    };
    const before = await count();
    const [user] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'moderator@parley.test'));
    await seedCourses(t.ctx.db, t.ctx.media, { now: new Date(), passwordHash: user!.hash! });
    expect(await count()).toEqual(before);
  });
});

describe('the seed media', () => {
  it('uses every committed file, small enough to keep in the repository', async () => {
    const dir = seedMediaDir();
    const committed = readdirSync(dir);
    const files = await buildSeedMedia(dir);
    expect(new Set(committed)).toEqual(new Set(files.filter((file) => file.kind !== 'pdf').map((file) => file.name)));
    for (const name of committed) {
      const bytes = statSync(path.join(dir, name)).size;
      expect(bytes, name).toBeLessThanOrEqual(name.endsWith('.webm') ? 80 * KB : 40 * KB);
    }
    const total = committed.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * KB);
    for (const file of files) {
      const magic = { 'video/webm': '1a45dfa3', 'image/jpeg': 'ffd8ff', 'application/pdf': '25504446' }[file.contentType];
      expect(file.bytes.subarray(0, magic!.length / 2).toString('hex'), file.name).toBe(magic);
    }
  });

  it('writes handouts of two or three pages, the same bytes every time', async () => {
    const course = seedCatalogue.find((candidate) => candidate.handout)!;
    const first = await renderPdf(course.handout!, course.colour, course.title);
    expect(first.equals(await renderPdf(course.handout!, course.colour, course.title))).toBe(true);
    for (const file of (await buildSeedMedia()).filter((candidate) => candidate.name.endsWith('-handout.pdf'))) {
      const pages = (await PDFDocument.load(file.bytes)).getPageCount();
      expect(pages, file.name).toBeGreaterThanOrEqual(2);
      expect(pages, file.name).toBeLessThanOrEqual(3);
    }
  });

  it('reads the media from the bundle’s copy when it runs from dist', () => {
    expect(seedMediaDir(path.join(serverRoot, 'dist', 'chunks'))).toBe(path.join(serverRoot, 'dist', 'seed-media'));
    expect(seedMediaDir(path.join(serverRoot, 'src', 'db', 'seed'))).toBe(path.join(serverRoot, 'src', 'db', 'seed', 'media'));
  });
});
