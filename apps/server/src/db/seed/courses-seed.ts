import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, sql } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CourseVersionStatus, MediaKind } from '@parley/domain/courses';
import type { Currency } from '@parley/domain/money';
import { isoDateInZone } from '@parley/domain/zoned-time';
import { serverRoot } from '../../config';
import type { MediaStore } from '../../media/media-store';
import { videoLengthSeconds } from '../../media/video-length';
import type { Db } from '../client';
import { certificates, courseEnrolments, courseRatings, courses, courseVersions, lessonProgress, libraryVideos, mediaFiles, moderatorActions, users, type CourseModulesJson } from '../schema';
import { demoLearnerCourse, seedCatalogue, seedCreators, seedLibraryVideos, seedReviewers, type SeedCourse, type SeedPdf } from './course-catalogue';

// The demo catalogue's rows and files. Ids are derived from names, so a second run finds every
// row it made before and skips it; the files are written through the app's media store, and
// only when the store does not already hold the same bytes.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every generated clip is this long (scripts/generate-seed-media.mjs). */
export const SEED_VIDEO_SECONDS = 5;
const STORAGE_PREFIX = 'seed/';
/** PDFs carry this date, so the same text always makes the same bytes. */
const PDF_DATE = new Date('2026-01-05T09:00:00Z');

/**
 * The committed media: src/db/seed/media when running from source (tsx, the tests), and the
 * copy build.mjs puts in dist/seed-media when running the bundle (dist/main.js, dist/seed.js).
 */
export function seedMediaDir(moduleDir = import.meta.dirname): string {
  const fromDist = path.relative(path.join(serverRoot, 'dist'), moduleDir);
  const bundled = !fromDist.startsWith('..') && !path.isAbsolute(fromDist);
  return bundled ? path.join(serverRoot, 'dist', 'seed-media') : path.join(serverRoot, 'src', 'db', 'seed', 'media');
}

/** A stable UUID (version 4 layout) for a seeded row, from its name. */
export function seedId(name: string): string {
  const hex = createHash('sha256').update(`parley-seed:${name}`).digest('hex');
  const variant = (8 | (parseInt(hex[16]!, 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type SeedMediaFile = {
  id: string;
  storageKey: string;
  name: string;
  kind: MediaKind;
  contentType: string;
  bytes: Buffer;
  /** The creator who "uploaded" it; library videos belong to nobody. */
  ownerEmail: string | null;
  /** A video's length, read as an upload's is. */
  durationSeconds: number | null;
};

const videoName = (slug: string) => `${slug}.webm`;
const coverName = (slug: string) => `${slug}-cover.jpg`;
const handoutName = (slug: string) => `${slug}-handout.pdf`;
const libraryName = (slug: string) => `library-${slug}.webm`;
const mediaIdOf = (name: string) => seedId(`media:${STORAGE_PREFIX}${name}`);

const hasVideoLesson = (course: SeedCourse) => course.modules.some((module) => module.lessons.some((lesson) => lesson.kind === 'video' && !lesson.noMedia));

/** Every seeded file: the committed videos and covers, and the PDFs written now. */
export async function buildSeedMedia(dir = seedMediaDir()): Promise<SeedMediaFile[]> {
  const committed = async (name: string, kind: MediaKind, contentType: string, ownerEmail: string | null): Promise<SeedMediaFile> => ({
    id: mediaIdOf(name),
    storageKey: STORAGE_PREFIX + name,
    name,
    kind,
    contentType,
    durationSeconds: null,
    bytes: await readFile(path.join(dir, name)),
    ownerEmail,
  });
  const video = async (name: string, ownerEmail: string | null): Promise<SeedMediaFile> => {
    const file = await committed(name, 'video', 'video/webm', ownerEmail);
    return { ...file, durationSeconds: await videoLengthSeconds(file.bytes, file.contentType) };
  };
  const written = (name: string, bytes: Buffer, ownerEmail: string): SeedMediaFile => ({
    id: mediaIdOf(name),
    storageKey: STORAGE_PREFIX + name,
    name,
    kind: 'pdf',
    contentType: 'application/pdf',
    durationSeconds: null,
    bytes,
    ownerEmail,
  });
  const files: SeedMediaFile[] = [];
  for (const course of seedCatalogue) {
    const owner = seedCreators[course.creator];
    files.push(await committed(coverName(course.slug), 'image', 'image/jpeg', owner));
    if (hasVideoLesson(course)) files.push(await video(videoName(course.slug), owner));
    if (course.handout) files.push(written(handoutName(course.slug), await renderPdf(course.handout, course.colour, course.title), owner));
    for (const bonus of course.bonuses ?? []) files.push(written(`${bonus.fileSlug}.pdf`, await renderPdf(bonus.pdf, course.colour, course.title), owner));
  }
  for (const libraryVideo of seedLibraryVideos) files.push(await video(libraryName(libraryVideo.slug), null));
  return files;
}

/** Puts every seeded file in the store, skipping those it already holds byte for byte. */
export async function writeSeedMedia(store: MediaStore, files?: SeedMediaFile[]): Promise<SeedMediaFile[]> {
  const all = files ?? (await buildSeedMedia());
  for (const file of all) {
    const stored = await storedBytes(store, file.storageKey);
    if (!stored?.equals(file.bytes)) await store.put(file.storageKey, file.bytes, file.contentType);
  }
  return all;
}

async function storedBytes(store: MediaStore, key: string): Promise<Buffer | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } catch {
    // Not there yet (or unreadable): it is written again.
    return undefined;
  }
}

export type SeedCoursesOptions = { now: Date; passwordHash: string };

/**
 * The demo catalogue (spec §2.6, issue 12): nine live courses, one in review, one draft and one
 * rejected, by two creators; reviews from a few learners (one finished her course and holds its
 * certificate); the demo learner owning one course, half done; the free video library. Needs
 * the demo accounts (creators, moderator, learner).
 */
export async function seedCourses(db: Db, media: MediaStore, { now, passwordHash }: SeedCoursesOptions): Promise<void> {
  const files = await writeSeedMedia(media);
  const people = await seedPeople(db, passwordHash);
  await db
    .insert(mediaFiles)
    .values(
      files.map((file) => ({
        id: file.id,
        ownerId: file.ownerEmail ? people.byEmail(file.ownerEmail) : null,
        kind: file.kind,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        name: file.name,
        storageKey: file.storageKey,
        durationSeconds: file.durationSeconds,
      })),
    )
    // A regenerated file keeps its row; its size (and length) follow the new bytes.
    .onConflictDoUpdate({
      target: mediaFiles.storageKey,
      set: { sizeBytes: sql`excluded.size_bytes`, contentType: sql`excluded.content_type`, durationSeconds: sql`excluded.duration_seconds` },
    });
  for (const course of seedCatalogue) await seedCourse(db, course, people, now);
  await db
    .insert(libraryVideos)
    .values(
      seedLibraryVideos.map((video, i) => ({
        id: seedId(`library:${video.slug}`),
        title: video.title,
        description: video.description,
        audience: video.audience,
        mediaId: mediaIdOf(libraryName(video.slug)),
        durationSeconds: video.durationSeconds,
        sortOrder: i,
        createdAt: new Date(now.getTime() - (30 - i) * DAY_MS),
      })),
    )
    .onConflictDoNothing();
}

type People = {
  /** A learner's or creator's id by e-mail. */
  byEmail: (email: string) => string;
  currencyOf: (email: string) => Currency;
  moderatorId: string;
};

const MODERATOR_EMAIL = 'moderator@parley.test';

/** The accounts the catalogue needs: the demo ones (already seeded) and the reviewers (added here). */
async function seedPeople(db: Db, passwordHash: string): Promise<People> {
  await db
    .insert(users)
    .values(
      Object.values(seedReviewers).map((reviewer) => ({
        role: 'learner' as const,
        email: reviewer.email,
        passwordHash,
        name: reviewer.name,
        country: reviewer.country,
        timezone: reviewer.timezone,
        referralCode: reviewer.email.split('@')[0]!.replace(/[^a-z]/gi, '').toUpperCase().slice(0, 10),
      })),
    )
    .onConflictDoNothing();
  const learnerEmails: string[] = [...Object.values(seedReviewers).map((reviewer) => reviewer.email), demoLearnerCourse.email];
  const creatorEmails: string[] = Object.values(seedCreators);
  const roleOf = (email: string) => (email === MODERATOR_EMAIL ? 'moderator' : creatorEmails.includes(email) ? 'creator' : 'learner');
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role, country: users.country })
    .from(users)
    .where(and(inArray(users.email, [...learnerEmails, ...creatorEmails, MODERATOR_EMAIL]), inArray(users.role, ['learner', 'creator', 'moderator'])));
  const find = (email: string) => {
    const row = rows.find((candidate) => candidate.email === email && candidate.role === roleOf(email));
    if (!row) throw new Error(`seed: the course catalogue needs the ${roleOf(email)} account ${email}`);
    return row;
  };
  return {
    byEmail: (email) => find(email).id,
    currencyOf: (email) => (find(email).country === 'IN' ? 'INR' : 'USD'),
    moderatorId: find(MODERATOR_EMAIL).id,
  };
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** One course, its version, its buyers' progress and reviews, in one transaction; skipped if it exists. */
async function seedCourse(db: Db, course: SeedCourse, people: People, now: Date) {
  const courseId = seedId(`course:${course.slug}`);
  const versionId = seedId(`version:${course.slug}:1`);
  const modules = modulesOf(course);
  const lessons = modules.flatMap((module) => module.lessons);
  const reviews = course.status.kind === 'live' ? (course.reviews ?? []) : [];
  const status = course.status;
  const moments = momentsOf(status, now);
  const live = status.kind === 'live';

  await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(courses)
      .values({
        id: courseId,
        creatorId: people.byEmail(seedCreators[course.creator]),
        subject: course.subject,
        liveVersionId: live ? versionId : null,
        publishedAt: live ? moments.reviewedAt : null,
        ratingSum: reviews.reduce((sum, review) => sum + review.stars, 0),
        ratingCount: reviews.length,
        createdAt: moments.createdAt,
        updatedAt: moments.updatedAt,
      })
      .onConflictDoNothing()
      .returning({ id: courses.id });
    if (!inserted) return;

    await tx.insert(courseVersions).values({
      id: versionId,
      courseId,
      version: 1,
      status: versionStatus[status.kind],
      title: course.title,
      description: course.description,
      level: course.level,
      coverMediaId: mediaIdOf(coverName(course.slug)),
      priceInrMinor: course.prices.INR,
      priceUsdMinor: course.prices.USD,
      modules,
      bonuses: (course.bonuses ?? []).map((bonus) => ({ bonusName: bonus.bonusName, mediaId: mediaIdOf(`${bonus.fileSlug}.pdf`) })),
      lessonCount: lessons.length,
      durationMin: lessons.reduce((total, lesson) => total + lesson.durationMin, 0),
      rejectionReason: status.kind === 'rejected' ? status.reason : null,
      submittedAt: moments.submittedAt,
      reviewedAt: moments.reviewedAt,
      reviewedBy: moments.reviewedAt ? people.moderatorId : null,
      createdAt: moments.createdAt,
      updatedAt: moments.updatedAt,
    });
    // A reviewed version was the moderator's action, and the audit log lists every one.
    if (moments.reviewedAt && (status.kind === 'live' || status.kind === 'rejected')) {
      await tx.insert(moderatorActions).values({
        moderatorId: people.moderatorId,
        action: live ? 'course.approved' : 'course.rejected',
        targetUserId: people.byEmail(seedCreators[course.creator]),
        courseVersionId: versionId,
        reason: status.kind === 'rejected' ? status.reason : null,
        createdAt: moments.reviewedAt,
      });
    }
    if (!live) return;

    for (const review of reviews) {
      const email = seedReviewers[review.reviewer].email;
      const enrolledAt = enrolmentMoment(now, status.publishedDaysAgo, review.daysAgo);
      await enrol(tx, { userId: people.byEmail(email), courseId, course, currency: people.currencyOf(email), at: enrolledAt });
      // Raters have started the course (only owners who started may rate); one finished it.
      const reviewedAt = daysBefore(now, review.daysAgo);
      await recordProgress(tx, people.byEmail(email), courseId, lessons, review.completed ? lessons.length : 2, enrolledAt, reviewedAt);
      if (review.completed) {
        await tx
          .insert(certificates)
          .values({ id: seedId(`certificate:${course.slug}:${review.reviewer}`), code: certificateCode(`${course.slug}:${review.reviewer}`), userId: people.byEmail(email), courseId, learnerName: seedReviewers[review.reviewer].name, courseTitle: course.title, issuedAt: reviewedAt, issuedOn: isoDateInZone(reviewedAt, seedReviewers[review.reviewer].timezone) })
          .onConflictDoNothing();
      }
      await tx.insert(courseRatings).values({
        userId: people.byEmail(email),
        courseId,
        stars: review.stars,
        review: review.review,
        createdAt: daysBefore(now, review.daysAgo),
        updatedAt: daysBefore(now, review.daysAgo),
      });
    }

    if (course.slug === demoLearnerCourse.slug) {
      const learnerId = people.byEmail(demoLearnerCourse.email);
      const enrolledAt = daysBefore(now, demoLearnerCourse.enrolledDaysAgo);
      await enrol(tx, { userId: learnerId, courseId, course, currency: people.currencyOf(demoLearnerCourse.email), at: enrolledAt });
      await recordProgress(tx, learnerId, courseId, lessons, demoLearnerCourse.completedLessons, enrolledAt, daysBefore(now, 1));
    }
  });
}

const versionStatus: Record<SeedCourse['status']['kind'], CourseVersionStatus> = { live: 'approved', in_review: 'in_review', draft: 'draft', rejected: 'rejected' };

type LessonRow = CourseModulesJson[number]['lessons'][number];

/** XXXX-XXXX-XXXX from the certificates’ alphabet (no 0/O, 1/I/L), stable per seeded certificate (the curriculum seed uses it too). */
export function certificateCode(name: string): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = createHash('sha256').update(`parley-seed-certificate:${name}`).digest();
  const chars = Array.from(bytes.subarray(0, 12), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

function modulesOf(course: SeedCourse): CourseModulesJson {
  return course.modules.map((module) => ({
    id: seedId(`module:${course.slug}:${module.key}`),
    title: module.title,
    lessons: module.lessons.map(
      (lesson): LessonRow => ({
        id: seedId(`lesson:${course.slug}:${module.key}:${lesson.key}`),
        title: lesson.title,
        kind: lesson.kind,
        durationMin: lesson.durationMin,
        isPreview: lesson.isPreview ?? false,
        mediaId: lesson.noMedia || lesson.kind === 'text' ? null : mediaIdOf(lesson.kind === 'video' ? videoName(course.slug) : handoutName(course.slug)),
        text: lesson.text ?? '',
      }),
    ),
  }));
}

/** When a course was written, submitted and reviewed, by its status. */
function momentsOf(status: SeedCourse['status'], now: Date) {
  switch (status.kind) {
    case 'live': {
      const reviewedAt = daysBefore(now, status.publishedDaysAgo);
      return { createdAt: daysBefore(now, status.publishedDaysAgo + 9), submittedAt: daysBefore(now, status.publishedDaysAgo + 2), reviewedAt, updatedAt: reviewedAt };
    }
    case 'in_review':
      return { createdAt: daysBefore(now, status.submittedDaysAgo + 8), submittedAt: daysBefore(now, status.submittedDaysAgo), reviewedAt: null, updatedAt: daysBefore(now, status.submittedDaysAgo) };
    case 'rejected': {
      const reviewedAt = daysBefore(now, status.submittedDaysAgo - 1);
      return { createdAt: daysBefore(now, status.submittedDaysAgo + 10), submittedAt: daysBefore(now, status.submittedDaysAgo), reviewedAt, updatedAt: reviewedAt };
    }
    case 'draft':
      return { createdAt: daysBefore(now, 4), submittedAt: null, reviewedAt: null, updatedAt: daysBefore(now, 1) };
  }
}

/** A reviewer bought the course a few days before reviewing it, but never before it went live. */
function enrolmentMoment(now: Date, publishedDaysAgo: number, reviewDaysAgo: number) {
  return daysBefore(now, Math.min(reviewDaysAgo + 3, publishedDaysAgo - 0.5));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A purchase at the course's price. No payment order or wallet entry stands behind it: the
 * ledger must sum to each wallet's balance, and these buyers' wallets stay untouched.
 */
async function enrol(tx: Tx, input: { userId: string; courseId: string; course: SeedCourse; currency: Currency; at: Date }) {
  await tx
    .insert(courseEnrolments)
    .values({ userId: input.userId, courseId: input.courseId, source: 'purchase', amountMinor: input.course.prices[input.currency], currency: input.currency, orderId: null, createdAt: input.at })
    .onConflictDoNothing();
}

/** `completed` lessons done in syllabus order, spread until `lastSeenAt`; the next one (if any) opened and left midway. */
async function recordProgress(tx: Tx, userId: string, courseId: string, lessons: LessonRow[], completed: number, startedAt: Date, lastSeenAt: Date) {
  const span = lastSeenAt.getTime() - startedAt.getTime();
  const rows = lessons.slice(0, completed + 1).map((lesson, i) => {
    const done = i < completed;
    const at = new Date(startedAt.getTime() + (span * (i + 1)) / (completed + 1));
    const fullSeconds = lesson.kind === 'video' ? SEED_VIDEO_SECONDS : lesson.durationMin * 60;
    return {
      userId,
      courseId,
      lessonId: lesson.id,
      positionSeconds: lesson.kind === 'video' ? (done ? SEED_VIDEO_SECONDS : SEED_VIDEO_SECONDS / 2) : 0,
      secondsSpent: done ? Math.round(fullSeconds * 0.9) : Math.round(fullSeconds * 0.4),
      completedAt: done ? at : null,
      startedAt: new Date(at.getTime() - 20 * 60 * 1000),
      updatedAt: at,
    };
  });
  await tx.insert(lessonProgress).values(rows).onConflictDoNothing();
}

// ---- PDFs --------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const BODY_SIZE = 11;
const LINE = 15.5;

type Fonts = { regular: PDFFont; bold: PDFFont };

/** A handout or bonus sheet: a coloured title band, the blocks, a page for notes, page numbers. */
export async function renderPdf(content: SeedPdf, colour: [number, number, number], courseTitle: string): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(content.title);
  doc.setSubject(content.subtitle);
  doc.setAuthor('Parley');
  doc.setCreator('Parley demo catalogue');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(PDF_DATE);
  doc.setModificationDate(PDF_DATE);
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const accent = rgb(colour[0] / 255, colour[1] / 255, colour[2] / 255);
  const textWidth = PAGE.width - 2 * PAGE.margin;

  let page = doc.addPage([PAGE.width, PAGE.height]);
  const titleLines = wrap(content.title, fonts.bold, 22, textWidth);
  const bandHeight = 64 + titleLines.length * 28;
  page.drawRectangle({ x: 0, y: PAGE.height - bandHeight, width: PAGE.width, height: bandHeight, color: accent });
  let y = PAGE.height - 44;
  for (const line of titleLines) {
    page.drawText(line, { x: PAGE.margin, y, size: 22, font: fonts.bold, color: rgb(1, 1, 1) });
    y -= 28;
  }
  page.drawText(content.subtitle, { x: PAGE.margin, y: y + 4, size: 11, font: fonts.regular, color: rgb(1, 1, 1) });
  y = PAGE.height - bandHeight - 32;

  /** Moves down by `height`, starting a new page when the text would run into the footer. */
  const room = (height: number) => {
    if (y - height < PAGE.margin + 24) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const paragraph = (text: string, indent = 0, bullet = false) => {
    // A line break in the text (a dialogue's turns, an e-mail's greeting) starts a new line.
    const lines = text.split('\n').flatMap((part) => wrap(part, fonts.regular, BODY_SIZE, textWidth - indent));
    lines.forEach((line, i) => {
      room(LINE);
      if (bullet && i === 0) page.drawText('•', { x: PAGE.margin + indent - 12, y, size: BODY_SIZE, font: fonts.bold, color: accent });
      page.drawText(line, { x: PAGE.margin + indent, y, size: BODY_SIZE, font: fonts.regular, color: rgb(0.12, 0.12, 0.14) });
      y -= LINE;
    });
  };

  paragraph(content.intro);
  for (const block of content.blocks) {
    y -= 14;
    room(LINE * 3);
    page.drawText(block.heading, { x: PAGE.margin, y, size: 14, font: fonts.bold, color: accent });
    y -= LINE + 5;
    for (const text of block.paragraphs ?? []) {
      paragraph(text);
      y -= 5;
    }
    for (const text of block.bullets ?? []) paragraph(text, 14, true);
  }

  if (content.notesHeading) {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    page.drawText(content.notesHeading, { x: PAGE.margin, y, size: 14, font: fonts.bold, color: accent });
    for (let line = y - 40; line > PAGE.margin + 40; line -= 28) {
      page.drawLine({ start: { x: PAGE.margin, y: line }, end: { x: PAGE.width - PAGE.margin, y: line }, thickness: 0.6, color: rgb(0.7, 0.7, 0.74) });
    }
  }

  const pages = doc.getPages();
  pages.forEach((p: PDFPage, i) => {
    const footer = `Parley · ${courseTitle} · Page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: PAGE.margin, y: PAGE.margin - 20, size: 9, font: fonts.regular, color: rgb(0.38, 0.38, 0.42) });
  });
  return Buffer.from(await doc.save());
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
