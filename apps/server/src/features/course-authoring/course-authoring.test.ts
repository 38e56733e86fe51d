import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_COURSES_PAGE_SIZE, creatorCoursesQuery, draftChanged, type CourseDraftInput, type CreatorCourse } from '@parley/domain/courses';
import { certificates, courseEnrolments, courseGifts, courses, courseVersions, mailOutbox, moderatorActions, notifications, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/seed';
import { hashPassword } from '../../lib/passwords';
import { createLiveCourse } from '../../test/course-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { findLiveCourse } from '../courses/courses.service';

// A course from the creator's first draft to the catalogue and through an update: review,
// rejection with a reason, approval swapping the live version, unpublishing. Real HTTP, real database.

let t: TestApp;
let dataDir: string;
let creator: TestClient;
let otherCreator: TestClient;
let moderator: TestClient;
let learner: TestClient;
let creatorId: string;
let moderatorId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'parley-course-authoring-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await t.ctx.db.insert(users).values({ role: 'creator', email: 'second.creator@example.com', name: 'Second Creator', passwordHash: await hashPassword(DEMO_PASSWORD) });
  [creator, otherCreator, moderator, learner] = await Promise.all([
    t.signIn('creator@parley.test', 'creator'),
    t.signIn('second.creator@example.com', 'creator'),
    t.signIn('moderator@parley.test', 'moderator'),
    t.signIn('learner@parley.test', 'learner'),
  ]);
  creatorId = await userId('creator', 'creator@parley.test');
  moderatorId = await userId('moderator', 'moderator@parley.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function userId(role: 'creator' | 'moderator' | 'learner', email: string): Promise<string> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.role, role), eq(users.email, email)));
  return row!.id;
}

const BOUNDARY = 'courseAuthoringBoundary';
/** Small files whose content passes the upload's type check. */
const files = {
  image: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  video: Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(4096)]),
  captions: Buffer.from('WEBVTT\n\n00:00.000 --> 00:03.000\nGood morning, everyone.\n'),
};

/** Uploads a file through POST /api/creator/media, as the editor does; returns its id. */
async function upload(c: TestClient, kind: keyof typeof files, name: string): Promise<string> {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    files[kind],
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await c.send('POST', '/api/creator/media', body, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}

/** The bytes a client gets at `url`. */
async function fetched(c: TestClient, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: c.cookies.size ? { cookie: t.cookieHeader(c) } : {} });
  return { statusCode: res.statusCode, bytes: res.rawPayload };
}

/** The newest e-mail to the creator. */
async function lastMail() {
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'creator@parley.test')).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return row;
}

/** The creator's newest bell notification. */
async function lastNotice() {
  const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, creatorId)).orderBy(desc(notifications.createdAt)).limit(1);
  return row;
}

async function versionRow(versionId: string) {
  const [row] = await t.ctx.db.select().from(courseVersions).where(eq(courseVersions.id, versionId));
  return row!;
}

async function courseRow(courseId: string) {
  const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, courseId));
  return row!;
}

async function actionsFor(versionId: string) {
  return t.ctx.db.select().from(moderatorActions).where(eq(moderatorActions.courseVersionId, versionId));
}

async function summaryOf(c: TestClient, courseId: string) {
  const res = await c.get('/api/creator/courses?limit=50');
  expect(res.statusCode).toBe(200);
  return res.json().items.find((item: { _id: string }) => item._id === courseId);
}

describe('creating, reviewing and publishing a course', () => {
  const ids = { module: randomUUID(), text: randomUUID(), video: randomUUID(), pdf: randomUUID() };
  let courseId: string;
  let firstVersionId: string;
  let media: { cover: string; video: string; captions: string; pdf: string; bonus: string; notACover: string; othersVideo: string; othersCaptions: string };
  let complete: CourseDraftInput;

  beforeAll(async () => {
    media = {
      cover: await upload(creator, 'image', 'cover.png'),
      video: await upload(creator, 'video', 'greetings.mp4'),
      captions: await upload(creator, 'captions', 'greetings.vtt'),
      pdf: await upload(creator, 'pdf', 'phrases.pdf'),
      bonus: await upload(creator, 'pdf', 'workbook.pdf'),
      notACover: await upload(creator, 'pdf', 'not-a-cover.pdf'),
      othersVideo: await upload(otherCreator, 'video', 'someone-elses.mp4'),
      othersCaptions: await upload(otherCreator, 'captions', 'someone-elses.vtt'),
    };
    complete = {
      title: 'Everyday English for Work',
      description: 'Short lessons for meetings, e-mails and small talk at the office.',
      level: 'Intermediate',
      coverMediaId: media.cover,
      prices: { INR: 99_900, USD: 1_499 },
      modules: [
        {
          _id: ids.module,
          title: 'Getting started',
          lessons: [
            { _id: ids.text, title: 'Why small talk matters', kind: 'text', durationMin: 5, isPreview: true, mediaId: null, captionsMediaId: null, text: 'Small talk opens doors.' },
            { _id: ids.video, title: 'Greetings', kind: 'video', durationMin: 12, isPreview: false, mediaId: media.video, captionsMediaId: media.captions, text: '' },
            { _id: ids.pdf, title: 'Useful phrases', kind: 'pdf', durationMin: 8, isPreview: false, mediaId: media.pdf, captionsMediaId: null, text: '' },
          ],
        },
      ],
      bonuses: [{ bonusName: 'Workbook', mediaId: media.bonus }],
    };
  });

  it('creates the course with a first draft version at the lowest prices', async () => {
    const res = await creator.post('/api/creator/courses', { subject: 'English', title: 'Everyday English' });
    expect(res.statusCode).toBe(201);
    const body: CreatorCourse = res.json();
    expect(body).toMatchObject({
      subject: 'English',
      status: 'draft',
      versionStatus: 'draft',
      rejectionReason: null,
      draft: { title: 'Everyday English', description: '', level: 'Beginner', coverMediaId: null, prices: { INR: 4_900, USD: 99 }, modules: [], bonuses: [] },
      media: [],
    });
    expect(body.problems).toEqual(['Write a description of at least 20 characters.', 'Upload a cover image.', 'Add at least one lesson.']);
    courseId = body._id;
    firstVersionId = body.versionId;
    expect((await versionRow(firstVersionId)).version).toBe(1);
    expect(await summaryOf(creator, courseId)).toMatchObject({ title: 'Everyday English', status: 'draft', draftStatus: 'draft', enrolments: 0, revenue: [], rating: 0 });
  });

  it('saves an unfinished draft and keeps it from review with the problems named', async () => {
    const unfinished = {
      ...complete,
      coverMediaId: null,
      modules: [{ ...complete.modules[0]!, lessons: complete.modules[0]!.lessons.map((lesson) => ({ ...lesson, mediaId: null, text: '' })) }],
    };
    const saved = await creator.put(`/api/creator/courses/${courseId}/draft`, unfinished);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems).toEqual([
      'Upload a cover image.',
      'Write the text of "Why small talk matters".',
      'Upload the video of "Greetings".',
      'Upload the PDF of "Useful phrases".',
    ]);
    const row = await versionRow(firstVersionId);
    expect({ lessonCount: row.lessonCount, durationMin: row.durationMin, status: row.status }).toEqual({ lessonCount: 3, durationMin: 25, status: 'draft' });

    const submit = await creator.post(`/api/creator/courses/${courseId}/submit`);
    expect(submit.statusCode).toBe(400);
    expect(submit.json().message).toContain('Upload a cover image.');
    expect(submit.json().fields).toMatchObject({ 'problems.0': 'Upload a cover image.', 'problems.3': 'Upload the PDF of "Useful phrases".' });
    expect((await versionRow(firstVersionId)).status).toBe('draft');
  });

  it('accepts only the creator’s own files of the kind each place takes, and ids that name one thing each', async () => {
    const lessonsWith = (patch: Partial<CourseDraftInput['modules'][number]['lessons'][number]>, index: number) => ({
      ...complete,
      modules: [{ ...complete.modules[0]!, lessons: complete.modules[0]!.lessons.map((lesson, i) => (i === index ? { ...lesson, ...patch } : lesson)) }],
    });
    const refused = async (draft: unknown, field: string) => {
      const res = await creator.put(`/api/creator/courses/${courseId}/draft`, draft);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
      // The message is the field's own words; `fields` names the field.
      expect(res.json().message).toBe(res.json().fields[field]);
    };
    await refused({ ...complete, coverMediaId: media.notACover }, 'coverMediaId');
    await refused(lessonsWith({ mediaId: media.othersVideo }, 1), 'modules.0.lessons.1.mediaId');
    await refused(lessonsWith({ mediaId: media.video }, 2), 'modules.0.lessons.2.mediaId');
    await refused(lessonsWith({ captionsMediaId: media.pdf }, 1), 'modules.0.lessons.1.captionsMediaId');
    await refused(lessonsWith({ captionsMediaId: media.othersCaptions }, 1), 'modules.0.lessons.1.captionsMediaId');
    await refused({ ...complete, bonuses: [{ bonusName: 'Missing', mediaId: randomUUID() }] }, 'bonuses.0.mediaId');
    await refused(lessonsWith({ _id: ids.text }, 2), 'modules.0.lessons.2._id');
    await refused(lessonsWith({ _id: ids.module }, 0), 'modules.0.lessons.0._id');

    const elsewhere = await createLiveCourse(t.ctx.db, { subject: 'IELTS', title: 'Someone’s IELTS course', creatorEmail: 'second.creator@example.com' });
    await refused(lessonsWith({ _id: elsewhere.lessonIds[0]! }, 0), 'modules.0.lessons.0._id');
    // Nothing refused was stored.
    expect((await versionRow(firstVersionId)).coverMediaId).toBeNull();
  });

  it('keeps captions for a video lesson only: a PDF lesson sent with them stores none', async () => {
    const withCaptions = { ...complete, modules: [{ ...complete.modules[0]!, lessons: complete.modules[0]!.lessons.map((lesson) => ({ ...lesson, captionsMediaId: media.captions })) }] };
    const saved = await creator.put(`/api/creator/courses/${courseId}/draft`, withCaptions);
    expect(saved.statusCode).toBe(200);
    const lessons = (await versionRow(firstVersionId)).modules[0]!.lessons;
    expect(lessons.map((lesson) => [lesson.kind, lesson.captionsMediaId])).toEqual([
      ['text', null],
      ['video', media.captions],
      ['pdf', null],
    ]);
    // The editor gets the captions file back with the draft's other files.
    const shown = (await creator.get(`/api/creator/courses/${courseId}`)).json();
    expect(shown.media).toContainEqual(expect.objectContaining({ _id: media.captions, kind: 'captions', contentType: 'text/vtt', name: 'greetings.vtt' }));
  });

  it('gives a lesson id to one course when two courses are saved with it at the same moment', async () => {
    const lessonId = randomUUID();
    const draftWith = (title: string) => ({
      ...complete,
      title,
      coverMediaId: null,
      bonuses: [],
      modules: [{ _id: randomUUID(), title: 'One', lessons: [{ _id: lessonId, title: 'Shared', kind: 'text' as const, durationMin: 5, isPreview: false, mediaId: null, text: 'Hello.' }] }],
    });
    const racers = [creator, otherCreator, creator, otherCreator];
    const courseIds = await Promise.all(racers.map(async (c, i) => (await c.post('/api/creator/courses', { subject: 'English', title: `Racer ${i}` })).json()._id as string));
    const saves = await Promise.all(racers.map((c, i) => c.put(`/api/creator/courses/${courseIds[i]}/draft`, draftWith(`Racer ${i}`))));
    expect(saves.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const res of saves.filter((r) => r.statusCode === 400)) expect(res.json().fields).toEqual({ 'modules.0.lessons.0._id': 'This lesson id belongs to another course.' });
    const holding = await t.ctx.db.select({ courseId: courseVersions.courseId, modules: courseVersions.modules }).from(courseVersions).where(inArray(courseVersions.courseId, courseIds));
    expect(holding.filter((row) => row.modules.some((module) => module.lessons.some((lesson) => lesson.id === lessonId)))).toHaveLength(1);
  });

  it('never overwrites a save made in another window since the editor loaded the draft', async () => {
    const loaded = (await creator.get(`/api/creator/courses/${courseId}`)).json();
    const first = await creator.put(`/api/creator/courses/${courseId}/draft`, { ...loaded.draft, title: 'Saved in the first tab', savedAt: loaded.savedAt });
    expect(first.statusCode).toBe(200);
    expect(first.json().savedAt).not.toBe(loaded.savedAt);

    const stale = await creator.put(`/api/creator/courses/${courseId}/draft`, { ...loaded.draft, title: 'Saved in the second tab', savedAt: loaded.savedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'DRAFT_CHANGED', message: draftChanged });
    expect((await versionRow(firstVersionId)).title).toBe('Saved in the first tab');
    // Saves from one editor follow each other: each names the last one's time.
    expect((await creator.put(`/api/creator/courses/${courseId}/draft`, { ...loaded.draft, savedAt: first.json().savedAt })).statusCode).toBe(200);
    expect((await creator.put(`/api/creator/courses/${courseId}/draft`, { ...loaded.draft, savedAt: 'yesterday' })).statusCode).toBe(400);
  });

  it('submits the finished draft; a version in review cannot be changed', async () => {
    const saved = await creator.put(`/api/creator/courses/${courseId}/draft`, complete);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems).toEqual([]);
    expect(saved.json().media.map((m: { _id: string; url: string }) => [m._id, m.url])).toEqual([
      // The cover too is the creator's own until a moderator approves it.
      [media.cover, `/api/creator/media/${media.cover}`],
      [media.video, `/api/creator/media/${media.video}`],
      [media.captions, `/api/creator/media/${media.captions}`],
      [media.pdf, `/api/creator/media/${media.pdf}`],
      [media.bonus, `/api/creator/media/${media.bonus}`],
    ]);

    const submitted = await creator.post(`/api/creator/courses/${courseId}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'in_review', versionStatus: 'in_review', versionId: firstVersionId });
    expect((await versionRow(firstVersionId)).submittedAt).not.toBeNull();

    const change = await creator.put(`/api/creator/courses/${courseId}/draft`, { ...complete, title: 'Changed while in review' });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('This version is in review; wait for the decision.');
    expect((await creator.post(`/api/creator/courses/${courseId}/submit`)).statusCode).toBe(409);
    expect(await summaryOf(creator, courseId)).toMatchObject({ title: complete.title, status: 'in_review', draftStatus: 'in_review' });
  });

  it('shows the moderator the queue and a preview of every lesson', async () => {
    const queue = await moderator.get('/api/moderator/course-reviews');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((i: { versionId: string }) => i.versionId === firstVersionId);
    expect(item).toMatchObject({ courseId, title: complete.title, subject: 'English', creatorName: 'Farhan Ali', isUpdate: false });
    const submittedAt = queue.json().items.map((i: { submittedAt: string }) => i.submittedAt);
    expect(submittedAt).toEqual([...submittedAt].sort());

    const detail = await moderator.get(`/api/moderator/course-reviews/${firstVersionId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ versionId: firstVersionId, status: 'in_review', draft: complete });
    const lessonFile = (lessonId: string) => `/api/courses/${courseId}/lessons/${lessonId}/file?versionId=${firstVersionId}`;
    expect(detail.json().media.map((m: { _id: string; url: string; kind: string }) => [m._id, m.kind, m.url])).toEqual([
      [media.cover, 'image', `/api/moderator/course-reviews/${firstVersionId}/media/${media.cover}`],
      [media.video, 'video', lessonFile(ids.video)],
      [media.captions, 'captions', `/api/moderator/course-reviews/${firstVersionId}/media/${media.captions}`],
      [media.pdf, 'pdf', lessonFile(ids.pdf)],
      [media.bonus, 'pdf', `/api/moderator/course-reviews/${firstVersionId}/media/${media.bonus}`],
    ]);
    // Every preview opens for the moderator, with the uploaded bytes.
    const expected = [files.image, files.video, files.captions, files.pdf, files.pdf];
    for (const [i, m] of (detail.json().media as { url: string }[]).entries()) {
      const res = await fetched(moderator, m.url);
      expect(res.statusCode).toBe(200);
      expect(res.bytes.equals(expected[i]!)).toBe(true);
    }
    // A file the version does not name is not served through it; nor is the preview anyone else's.
    expect((await fetched(moderator, `/api/moderator/course-reviews/${firstVersionId}/media/${media.notACover}`)).statusCode).toBe(404);
    expect((await fetched(creator, `/api/moderator/course-reviews/${firstVersionId}/media/${media.bonus}`)).statusCode).toBe(401);
  });

  it('approves: the version goes live, once, with the decision on record', async () => {
    expect(await findLiveCourse(t.ctx.db, courseId)).toBeUndefined();
    const approved = await moderator.post(`/api/moderator/course-reviews/${firstVersionId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await moderator.post(`/api/moderator/course-reviews/${firstVersionId}/approve`)).statusCode).toBe(409);
    expect((await moderator.post(`/api/moderator/course-reviews/${firstVersionId}/reject`, { reason: 'Too late to reject.' })).statusCode).toBe(409);

    const course = await courseRow(courseId);
    expect(course.liveVersionId).toBe(firstVersionId);
    expect(course.publishedAt).not.toBeNull();
    expect((await findLiveCourse(t.ctx.db, courseId))?.version.title).toBe(complete.title);
    expect(await versionRow(firstVersionId)).toMatchObject({ status: 'approved', reviewedBy: moderatorId });
    expect(await actionsFor(firstVersionId)).toEqual([expect.objectContaining({ action: 'course.approved', moderatorId, targetUserId: creatorId, reason: null })]);

    expect(await summaryOf(creator, courseId)).toMatchObject({ status: 'published', draftStatus: null, rejectionReason: null });
    expect(await lastNotice()).toMatchObject({ kind: 'course_approved', title: 'Your course is live', link: `/creators/courses/${courseId}` });
    // The creator is e-mailed too, with a link to the course's editor.
    const mail = await lastMail();
    expect(mail).toMatchObject({ subject: 'Your course is live', topic: `course_approved:${courseId}` });
    expect(mail!.textBody).toContain(`"${complete.title}" was approved: learners see it now.`);
    expect(mail!.textBody).toContain(`/creators/courses/${courseId}`);
    const live = (await moderator.get('/api/moderator/live-courses')).json().items.find((i: { courseId: string }) => i.courseId === courseId);
    expect(live).toMatchObject({ title: complete.title, subject: 'English', creatorName: 'Farhan Ali', enrolments: 0, publishedAt: course.publishedAt!.toISOString() });
    const queue = (await moderator.get('/api/moderator/course-reviews')).json().items;
    expect(queue.some((i: { versionId: string }) => i.versionId === firstVersionId)).toBe(false);

    // To a visitor the captions are as locked as the video; its creator reads them.
    const page = (await t.client().post('/api/courses/v2/getCourseData', { courseId })).json();
    const video = page.modules[0].lessons[1];
    expect(video).toMatchObject({ kind: 'video', locked: true, mediaUrl: null, captionsUrl: null });
    expect((await fetched(t.client(), `/api/courses/${courseId}/lessons/${ids.video}/captions`)).statusCode).toBe(404);
    expect((await fetched(creator, `/api/courses/${courseId}/lessons/${ids.video}/captions`)).bytes.equals(files.captions)).toBe(true);
    expect((await fetched(creator, `/api/courses/${courseId}/lessons/${ids.pdf}/captions`)).statusCode).toBe(404);
  });

  let secondVersionId: string;
  it('editing the live course makes a second version with the same ids, while learners keep the first', async () => {
    const shown = await creator.get(`/api/creator/courses/${courseId}`);
    expect(shown.json()).toMatchObject({ status: 'published', versionStatus: 'approved', versionId: firstVersionId, draft: complete });
    expect((await creator.put(`/api/creator/courses/${courseId}/draft`, complete)).statusCode).toBe(409);

    const edit = await creator.post(`/api/creator/courses/${courseId}/edit`);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'published', versionStatus: 'draft', draft: complete, problems: [] });
    secondVersionId = edit.json().versionId;
    expect(secondVersionId).not.toBe(firstVersionId);
    expect((await versionRow(secondVersionId)).version).toBe(2);
    expect((await creator.post(`/api/creator/courses/${courseId}/edit`)).json().versionId).toBe(secondVersionId);

    const retitled = { ...complete, title: 'Everyday English for Work, revised' };
    expect((await creator.put(`/api/creator/courses/${courseId}/draft`, retitled)).statusCode).toBe(200);
    expect((await creator.post(`/api/creator/courses/${courseId}/submit`)).statusCode).toBe(200);
    expect((await findLiveCourse(t.ctx.db, courseId))?.version.id).toBe(firstVersionId);
    expect(await summaryOf(creator, courseId)).toMatchObject({ title: retitled.title, status: 'published', draftStatus: 'in_review' });
    const item = (await moderator.get('/api/moderator/course-reviews')).json().items.find((i: { versionId: string }) => i.versionId === secondVersionId);
    expect(item).toMatchObject({ courseId, isUpdate: true });
  });

  it('rejects with a reason the creator sees; the live version stays', async () => {
    const short = await moderator.post(`/api/moderator/course-reviews/${secondVersionId}/reject`, { reason: '  no ' });
    expect(short.statusCode).toBe(400);
    const reason = 'The greetings video has no sound in the second half.';
    const rejected = await moderator.post(`/api/moderator/course-reviews/${secondVersionId}/reject`, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    expect(await actionsFor(secondVersionId)).toEqual([expect.objectContaining({ action: 'course.rejected', moderatorId, targetUserId: creatorId, reason })]);
    // The audit log names the course, not only its creator.
    const audit = (await moderator.get('/api/moderator/audit?limit=50')).json().items as { action: string; course: { _id: string; title: string } | null; reason: string | null }[];
    const [title] = (await t.ctx.db.select({ title: courseVersions.title }).from(courseVersions).where(eq(courseVersions.id, secondVersionId))).map((v) => v.title);
    expect(audit.find((entry) => entry.action === 'course.rejected' && entry.reason === reason)?.course).toEqual({ _id: courseId, title });
    expect((await courseRow(courseId)).liveVersionId).toBe(firstVersionId);

    expect(await summaryOf(creator, courseId)).toMatchObject({ status: 'published', draftStatus: 'rejected', rejectionReason: reason });
    expect(await lastNotice()).toMatchObject({ kind: 'course_rejected', title: 'Your course needs changes', body: `"${title}": ${reason}` });
    expect(await lastMail()).toMatchObject({ subject: 'Your course needs changes', textBody: expect.stringContaining(`"${title}": ${reason}`) });
    expect((await creator.get(`/api/creator/courses/${courseId}`)).json()).toMatchObject({ versionId: secondVersionId, versionStatus: 'rejected', rejectionReason: reason });
    // What was submitted and rejected stays readable to the moderators.
    expect((await moderator.get(`/api/moderator/course-reviews/${secondVersionId}`)).statusCode).toBe(200);
    expect((await fetched(moderator, `/api/courses/${courseId}/lessons/${ids.video}/file?versionId=${secondVersionId}`)).statusCode).toBe(200);
  });

  it('resubmitted and approved, the new version replaces the live one', async () => {
    const firstPublishedAt = (await courseRow(courseId)).publishedAt;
    const fixed = { ...complete, title: 'Everyday English for Work, second edition' };
    const saved = await creator.put(`/api/creator/courses/${courseId}/draft`, fixed);
    expect(saved.json()).toMatchObject({ versionId: secondVersionId, versionStatus: 'draft' });
    // Edited since the rejection and not resubmitted: a draft again, the creator's alone.
    expect((await versionRow(secondVersionId)).submittedAt).toBeNull();
    const lessonFile = `/api/courses/${courseId}/lessons/${ids.video}/file?versionId=${secondVersionId}`;
    expect((await moderator.get(`/api/moderator/course-reviews/${secondVersionId}`)).statusCode).toBe(404);
    expect((await fetched(moderator, `/api/moderator/course-reviews/${secondVersionId}/media/${media.bonus}`)).statusCode).toBe(404);
    expect((await fetched(moderator, lessonFile)).statusCode).toBe(404);
    expect((await fetched(creator, lessonFile)).statusCode).toBe(200);
    expect((await creator.post(`/api/creator/courses/${courseId}/submit`)).json()).toMatchObject({ versionStatus: 'in_review', rejectionReason: null });
    expect((await moderator.post(`/api/moderator/course-reviews/${secondVersionId}/approve`)).statusCode).toBe(200);

    const live = await findLiveCourse(t.ctx.db, courseId);
    expect(live?.version.id).toBe(secondVersionId);
    expect(live?.version.title).toBe(fixed.title);
    expect(live?.version.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id))).toEqual([ids.text, ids.video, ids.pdf]);
    expect((await courseRow(courseId)).publishedAt).toEqual(firstPublishedAt);
    expect((await versionRow(firstVersionId)).status).toBe('approved');
    expect(await summaryOf(creator, courseId)).toMatchObject({ title: fixed.title, status: 'published', draftStatus: null });
  });

  it('unpublishes a live course with a reason; a later approval brings it back', async () => {
    const res = await moderator.post(`/api/moderator/courses/${courseId}/unpublish`, { reason: 'A rights holder asked us to take it down.' });
    expect(res.statusCode).toBe(204);
    const course = await courseRow(courseId);
    expect(course.unpublishedAt).not.toBeNull();
    expect(course.unpublishReason).toBe('A rights holder asked us to take it down.');
    expect(await findLiveCourse(t.ctx.db, courseId)).toBeUndefined();
    const [action] = await t.ctx.db
      .select()
      .from(moderatorActions)
      .where(and(eq(moderatorActions.action, 'course.unpublished'), eq(moderatorActions.courseVersionId, secondVersionId)));
    expect(action).toMatchObject({ moderatorId, targetUserId: creatorId, reason: 'A rights holder asked us to take it down.' });
    expect((await moderator.post(`/api/moderator/courses/${courseId}/unpublish`, { reason: 'Once more, please.' })).statusCode).toBe(409);
    expect((await moderator.get('/api/moderator/live-courses')).json().items.some((i: { courseId: string }) => i.courseId === courseId)).toBe(false);
    // The creator is told, and sees why on the list and in the editor.
    expect(await lastNotice()).toMatchObject({ kind: 'course_unpublished', title: 'Your course was unpublished', body: expect.stringContaining('A rights holder asked us to take it down.') });
    expect(await lastMail()).toMatchObject({ subject: 'Your course was unpublished', textBody: expect.stringContaining('A rights holder asked us to take it down.') });
    expect(await summaryOf(creator, courseId)).toMatchObject({ status: 'unpublished', unpublishReason: 'A rights holder asked us to take it down.' });

    const third = (await creator.post(`/api/creator/courses/${courseId}/edit`)).json();
    expect(third).toMatchObject({ status: 'unpublished', versionStatus: 'draft', unpublishReason: 'A rights holder asked us to take it down.' });
    expect((await creator.post(`/api/creator/courses/${courseId}/submit`)).statusCode).toBe(200);
    expect((await moderator.post(`/api/moderator/course-reviews/${third.versionId}/approve`)).statusCode).toBe(200);
    expect((await courseRow(courseId)).unpublishedAt).toBeNull();
    expect((await findLiveCourse(t.ctx.db, courseId))?.version.id).toBe(third.versionId);
    expect(await summaryOf(creator, courseId)).toMatchObject({ status: 'published', unpublishReason: null });
  });

  it(`lists a creator's courses ${CREATOR_COURSES_PAGE_SIZE} a page, newest change first, with the total; a page out of range is refused`, async () => {
    await t.ctx.db.insert(users).values({ role: 'creator', email: 'paging.creator@example.com', name: 'Paging Creator', passwordHash: await hashPassword(DEMO_PASSWORD) });
    const pager = await t.signIn('paging.creator@example.com', 'creator');
    const made: string[] = [];
    for (const title of ['First course', 'Second course', 'Third course']) made.push((await pager.post('/api/creator/courses', { subject: 'English', title })).json()._id);
    const page = async (query: string) => (await pager.get(`/api/creator/courses${query}`)).json() as { items: { _id: string }[]; total: number };
    expect(await page('')).toMatchObject({ total: 3, items: [{ _id: made[2] }, { _id: made[1] }, { _id: made[0] }] });
    expect(await page('?page=1&limit=2')).toMatchObject({ total: 3, items: [{ _id: made[2] }, { _id: made[1] }] });
    expect(await page('?page=2&limit=2')).toEqual(expect.objectContaining({ total: 3, items: [expect.objectContaining({ _id: made[0] })] }));
    expect((await page('?page=3&limit=2')).items).toEqual([]);
    for (const query of ['?page=0', '?limit=51', '?page=x']) expect((await pager.get(`/api/creator/courses${query}`)).statusCode).toBe(400);
    expect(creatorCoursesQuery.parse({})).toEqual({ page: 1, limit: CREATOR_COURSES_PAGE_SIZE });
    expect(CREATOR_COURSES_PAGE_SIZE).toBe(20);
  });

  it('is the creator’s alone: another creator gets 404, other roles 401', async () => {
    expect((await otherCreator.get(`/api/creator/courses/${courseId}`)).statusCode).toBe(404);
    expect((await otherCreator.post(`/api/creator/courses/${courseId}/edit`)).statusCode).toBe(404);
    expect((await otherCreator.put(`/api/creator/courses/${courseId}/draft`, complete)).statusCode).toBe(404);
    expect((await otherCreator.post(`/api/creator/courses/${courseId}/submit`)).statusCode).toBe(404);
    expect((await otherCreator.get('/api/creator/courses')).json().items.some((i: { _id: string }) => i._id === courseId)).toBe(false);
    expect((await creator.get(`/api/creator/courses/${randomUUID()}`)).statusCode).toBe(404);

    for (const c of [learner, moderator, t.client()]) {
      expect((await c.get('/api/creator/courses')).statusCode).toBe(401);
      expect((await c.post('/api/creator/courses', { subject: 'AI', title: 'Not mine to make' })).statusCode).toBe(401);
      expect((await c.get(`/api/creator/courses/${courseId}`)).statusCode).toBe(401);
    }
    for (const c of [learner, creator, t.client()]) {
      expect((await c.get('/api/moderator/course-reviews')).statusCode).toBe(401);
      expect((await c.post(`/api/moderator/course-reviews/${secondVersionId}/approve`)).statusCode).toBe(401);
      expect((await c.post(`/api/moderator/course-reviews/${secondVersionId}/reject`, { reason: 'Not mine to judge.' })).statusCode).toBe(401);
      expect((await c.post(`/api/moderator/courses/${courseId}/unpublish`, { reason: 'Not mine to judge.' })).statusCode).toBe(401);
      expect((await c.get('/api/moderator/live-courses')).statusCode).toBe(401);
    }
  });

  it('keeps a draft never submitted from the moderators', async () => {
    const draft = (await creator.post('/api/creator/courses', { subject: 'AI', title: 'Prompting for beginners' })).json();
    expect((await moderator.get(`/api/moderator/course-reviews/${draft.versionId}`)).statusCode).toBe(404);
    expect((await moderator.post(`/api/moderator/course-reviews/${draft.versionId}/approve`)).statusCode).toBe(409);
    expect((await moderator.post(`/api/moderator/courses/${draft._id}/unpublish`, { reason: 'It is not even live.' })).statusCode).toBe(409);
    expect((await moderator.get(`/api/moderator/course-reviews/${randomUUID()}`)).statusCode).toBe(404);
    expect((await moderator.post(`/api/moderator/course-reviews/${randomUUID()}/approve`)).statusCode).toBe(404);
  });
});

describe('the creator’s figures', () => {
  it('counts enrolments, completions, rating and revenue by currency, paid gifts included', async () => {
    const course = await createLiveCourse(t.ctx.db, { subject: 'Kids', title: 'Phonics with Pip' });
    const learners = await t.ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'learner'), inArray(users.email, ['learner@parley.test', 'newbie@parley.test', 'curriculum@parley.test', 'ielts@parley.test'])));
    const id = (email: string) => learners.find((l) => l.email === email)!.id;
    await t.ctx.db.insert(courseEnrolments).values([
      { userId: id('learner@parley.test'), courseId: course.courseId, source: 'purchase', amountMinor: 49_900, currency: 'INR' },
      { userId: id('newbie@parley.test'), courseId: course.courseId, source: 'purchase', amountMinor: 999, currency: 'USD' },
      { userId: id('curriculum@parley.test'), courseId: course.courseId, source: 'gift', amountMinor: 0, currency: 'INR' },
    ]);
    const gift = (status: 'pending_payment' | 'paid' | 'redeemed', amountMinor: number) => ({
      courseId: course.courseId,
      giverId: id('ielts@parley.test'),
      recipientEmail: `${status}@example.com`,
      recipientName: 'Gift Recipient',
      codeHash: randomUUID(),
      amountMinor,
      currency: 'INR' as const,
      status,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.ctx.db.insert(courseGifts).values([gift('redeemed', 49_900), gift('paid', 45_000), gift('pending_payment', 99_000)]);
    // Two of three enrolled learners finished; a certificate without an enrolment does not count.
    await t.ctx.db.insert(certificates).values(
      ['learner@parley.test', 'newbie@parley.test', 'ielts@parley.test'].map((email, i) => ({ code: `TEST-CERT-000${i}`, userId: id(email), courseId: course.courseId, learnerName: email, courseTitle: 'Phonics with Pip', issuedOn: '2026-03-02' })),
    );
    await t.ctx.db.update(courses).set({ ratingSum: 9, ratingCount: 2 }).where(eq(courses.id, course.courseId));

    expect(await summaryOf(creator, course.courseId)).toMatchObject({
      title: 'Phonics with Pip',
      subject: 'Kids',
      status: 'published',
      draftStatus: null,
      enrolments: 3,
      completionRatePercent: 66,
      rating: 4.5,
      ratingCount: 2,
      revenue: [
        { amountMinor: 49_900 + 49_900 + 45_000, currency: 'INR' },
        { amountMinor: 999, currency: 'USD' },
      ],
    });
    const live = (await moderator.get('/api/moderator/live-courses')).json().items.find((i: { courseId: string }) => i.courseId === course.courseId);
    expect(live).toMatchObject({ enrolments: 3, creatorName: 'Farhan Ali' });
  });
});
