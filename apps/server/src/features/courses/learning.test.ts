import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BEAT_MAX_SECONDS, certificateCodeSchema, type CourseSubject } from '@parley/domain/courses';
import { isoDateInZone } from '@parley/domain/zoned-time';
import { certificates, courseEnrolments, courses, courseSubscriptions, courseVersions, libraryVideos, mediaFiles, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/seed';
import { hashPassword } from '../../lib/passwords';
import { createLiveCourse, type CourseFixtureOptions } from '../../test/course-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { newLearner as newLearnerIn } from '../../test/wallet-money';
import { lessonProgressOf } from './learning.service';

// The learning side of courses through real HTTP: progress and resume, the analytics beat cap,
// completion and its one certificate, the certificate PDF and its public check, lesson files
// (previews, owners, creators, moderators, everybody else), bonus files and the video library.

let t: TestApp;
let dataDir: string;
// Every call to the clock moves it one second on, so "most recently touched" is never a tie.
let clockMs = Date.now();
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-learning-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, now: () => new Date((clockMs += 1000)) });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

let n = 0;
async function newLearner() {
  n += 1;
  return newLearnerIn(t, `learning-${n}@example.com`);
}
const enrol = (userId: string, courseId: string) => t.ctx.db.insert(courseEnrolments).values({ userId, courseId, source: 'purchase', amountMinor: 49_900, currency: 'INR' });
async function owner(courseId: string) {
  const learner = await newLearner();
  await enrol(learner.id, courseId);
  return learner;
}
const course = (options: Partial<CourseFixtureOptions> = {}) => createLiveCourse(t.ctx.db, { subject: 'English', title: `Course ${randomUUID().slice(0, 8)}`, ...options });
/** Time passing for the learner: ten minutes is longer than any lesson here takes before it can be completed. */
const timePasses = (ms = 10 * 60_000) => void (clockMs += ms);
/** The learner opens these lessons and spends long enough in them to mark them complete. */
async function learn(c: TestClient, courseId: string, lessonIds: readonly string[]) {
  for (const lessonId of lessonIds) expect((await c.post('/api/course/analytics/start', { courseId, lessonId })).statusCode).toBe(200);
  timePasses();
}

/** A stored file: bytes in the app's media store and their media_files row. */
async function addMedia(kind: 'video' | 'pdf' | 'image', bytes: Buffer, name: string) {
  const contentType = { video: 'video/mp4', pdf: 'application/pdf', image: 'image/png' }[kind];
  const storageKey = `${kind}/${randomUUID()}`;
  await t.ctx.media.put(storageKey, bytes, contentType);
  const [row] = await t.ctx.db.insert(mediaFiles).values({ kind, contentType, sizeBytes: bytes.length, name, storageKey }).returning();
  return row!;
}
const videoBytes = (seed: number) => Buffer.from(Array.from({ length: 5_000 }, (_, i) => (i * 7 + seed) % 256));
const pdfBytes = async (text: string) => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
};

const fileUrl = (courseId: string, lessonId: string, versionId?: string) => `/api/courses/${courseId}/lessons/${lessonId}/file${versionId ? `?versionId=${versionId}` : ''}`;
const rawBody = async (c: TestClient, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, ...(c.cookies.size ? { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) } });
  return { statusCode: res.statusCode, headers: res.headers, bytes: res.rawPayload };
};

describe('progress and time spent', () => {
  it('records starts and beats, caps a beat, and resumes at the most recent lesson not completed', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text' }, { kind: 'text' }, { kind: 'text' }] });
    const [first, second, third] = lessonIds as [string, string, string];
    const { c, id } = await owner(courseId);

    expect((await c.post('/api/course/analytics/start', { courseId, lessonId: first })).json()).toEqual({ lessonId: first, positionSeconds: 0, secondsSpent: 0, completed: false });
    const beat = await c.put('/api/course/analytics/update', { courseId, lessonId: first, positionSeconds: 31.5, secondsSpent: 25 });
    expect(beat.json()).toEqual({ lessonId: first, positionSeconds: 31.5, secondsSpent: 25, completed: false });
    // A tab left open for an hour counts as one capped beat.
    const capped = await c.put('/api/course/analytics/update', { courseId, lessonId: first, positionSeconds: 40, secondsSpent: 3_600 });
    expect(capped.json().secondsSpent).toBe(25 + ANALYTICS_BEAT_MAX_SECONDS);

    await c.post('/api/course/analytics/start', { courseId, lessonId: second });
    await c.put('/api/course/analytics/update', { courseId, lessonId: second, positionSeconds: 12, secondsSpent: 10 });
    timePasses();
    const afterFirst = await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: first });
    expect(afterFirst.statusCode).toBe(200);
    // The first lesson was touched last, but it is complete: resume in the second.
    expect(afterFirst.json()).toMatchObject({ courseId, progressPercent: 33, resumeLessonId: second, certificateId: null });

    const progress = (await c.get(`/api/course/analytics/course/${courseId}`)).json();
    expect(progress).toEqual({
      courseId,
      progressPercent: 33,
      secondsSpent: 25 + ANALYTICS_BEAT_MAX_SECONDS + 10,
      resumeLessonId: second,
      lessons: [
        { lessonId: first, positionSeconds: 40, secondsSpent: 25 + ANALYTICS_BEAT_MAX_SECONDS, completed: true },
        { lessonId: second, positionSeconds: 12, secondsSpent: 10, completed: false },
        { lessonId: third, positionSeconds: 0, secondsSpent: 0, completed: false },
      ],
      certificateId: null,
    });

    const summary = await lessonProgressOf(t.ctx.db, id, courseId, lessonIds);
    expect([...summary.completedLessonIds]).toEqual([first]);
    expect(summary).toMatchObject({ resumeLessonId: second, certificateId: null });
    // Restricted to lessons a version still has, a removed lesson is neither counted nor resumed:
    // every lesson left that was opened is complete, so the place is the first one not complete.
    expect(await lessonProgressOf(t.ctx.db, id, courseId, [first, third])).toMatchObject({ resumeLessonId: third, completedLessonIds: new Set([first]) });
    expect(await lessonProgressOf(t.ctx.db, randomUUID(), courseId, lessonIds)).toEqual({ completedLessonIds: new Set(), resumeLessonId: null, certificateId: null });
  });

  it('resumes at the first lesson not complete once every lesson opened is complete, and at the last one touched when all are', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text' }, { kind: 'text' }, { kind: 'text' }] });
    const [first, second, third] = lessonIds as [string, string, string];
    const { c } = await owner(courseId);
    const resume = async () => (await c.get(`/api/course/analytics/course/${courseId}`)).json().resumeLessonId;
    const finish = async (lessonId: string) => {
      await learn(c, courseId, [lessonId]);
      expect((await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId })).statusCode).toBe(200);
    };

    // The second lesson finished before the first was opened: Continue goes to the first, then the third.
    await finish(second);
    expect(await resume()).toBe(first);
    await finish(first);
    expect(await resume()).toBe(third);
    await finish(third);
    expect(await resume()).toBe(third);
  });

  it('lets a preview lesson be started and followed by a learner who has not bought the course, never completed', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text', isPreview: true }, { kind: 'text' }] });
    const [preview, paid] = lessonIds as [string, string];
    const { c } = await newLearner();
    expect((await c.post('/api/course/analytics/start', { courseId, lessonId: preview })).statusCode).toBe(200);
    expect((await c.put('/api/course/analytics/update', { courseId, lessonId: preview, positionSeconds: 5, secondsSpent: 5 })).statusCode).toBe(200);
    expect((await c.post('/api/course/analytics/start', { courseId, lessonId: paid })).statusCode).toBe(403);
    expect((await c.put('/api/course/analytics/update', { courseId, lessonId: paid, positionSeconds: 5, secondsSpent: 5 })).statusCode).toBe(403);
    expect((await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: preview })).statusCode).toBe(403);
    const progress = await c.get(`/api/course/analytics/course/${courseId}`);
    expect(progress.json()).toMatchObject({ progressPercent: 0, resumeLessonId: preview, certificateId: null });

    // Without a preview lesson, a course's progress is the owners' business only.
    const closed = await course({ lessons: [{ kind: 'text' }] });
    expect((await c.get(`/api/course/analytics/course/${closed.courseId}`)).statusCode).toBe(403);
    expect((await c.post(`/api/course/analytics/${closed.courseId}/complete`, { lessonId: closed.lessonIds[0] })).statusCode).toBe(403);
  });

  it('answers 404 for a lesson the live version does not have, a course not live, and 401 without a session', async () => {
    const live = await course();
    const draft = await course({ status: 'draft' });
    const { c, id } = await owner(live.courseId);
    await enrol(id, draft.courseId);
    expect((await c.post('/api/course/analytics/start', { courseId: live.courseId, lessonId: randomUUID() })).statusCode).toBe(404);
    expect((await c.post('/api/course/analytics/start', { courseId: live.courseId, lessonId: draft.lessonIds[0] })).statusCode).toBe(404);
    expect((await c.post('/api/course/analytics/start', { courseId: draft.courseId, lessonId: draft.lessonIds[0] })).statusCode).toBe(404);
    expect((await c.get(`/api/course/analytics/course/${draft.courseId}`)).statusCode).toBe(404);
    expect((await c.post(`/api/course/analytics/${draft.courseId}/complete`, { lessonId: draft.lessonIds[0] })).statusCode).toBe(404);
    expect((await c.put('/api/course/analytics/update', { courseId: live.courseId, lessonId: live.lessonIds[0], positionSeconds: -1, secondsSpent: 1 })).statusCode).toBe(400);
    expect((await t.client().get(`/api/course/analytics/course/${live.courseId}`)).statusCode).toBe(401);
  });

  it('opens every course of a subject to a learner with an active course subscription', async () => {
    const { courseId, lessonIds } = await course({ subject: 'IELTS', lessons: [{ kind: 'text' }] });
    const { c, id } = await newLearner();
    const now = t.ctx.now();
    await t.ctx.db.insert(courseSubscriptions).values({ userId: id, subject: 'IELTS', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000 * 30), amountMinor: 149_900, currency: 'INR' });
    await learn(c, courseId, lessonIds);
    const done = await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] });
    expect(done.json()).toMatchObject({ progressPercent: 100, certificateId: expect.any(String) });
  });
});

describe('completion and the certificate', () => {
  const certificatesOf = (userId: string, courseId: string) =>
    t.ctx.db.select().from(certificates).where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));

  it('completes no lesson that was not opened, or not open long enough in real time, and a refusal changes nothing', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'video', durationMin: 8 }, { kind: 'text' }] });
    const [video, text] = lessonIds as [string, string];
    const { c, id } = await owner(courseId);
    const complete = (lessonId: string) => c.post(`/api/course/analytics/${courseId}/complete`, { lessonId });
    const untouched = { progressPercent: 0, secondsSpent: 0, certificateId: null, lessons: lessonIds.map((lessonId) => ({ lessonId, positionSeconds: 0, secondsSpent: 0, completed: false })) };

    // Bought a minute ago, every lesson completed at once: refused, and nothing is recorded.
    const refused = await Promise.all(lessonIds.map(complete));
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual([
      [409, 'LESSON_NOT_FINISHED'],
      [409, 'LESSON_NOT_FINISHED'],
    ]);
    expect(refused[0]!.json().message).toBe('Keep watching — this lesson can be marked complete in about 4 minutes.');
    expect(refused[1]!.json().message).toBe('Keep reading — this lesson can be marked complete in 30 seconds.');
    expect((await c.get(`/api/course/analytics/course/${courseId}`)).json()).toMatchObject(untouched);
    expect(await lessonProgressOf(t.ctx.db, id, courseId, lessonIds)).toEqual({ completedLessonIds: new Set(), resumeLessonId: null, certificateId: null });

    // Opened, and a beat claiming an hour watched: only real time counts, so still not yet.
    await c.post('/api/course/analytics/start', { courseId, lessonId: video });
    await c.put('/api/course/analytics/update', { courseId, lessonId: video, positionSeconds: 479, secondsSpent: 3_600 });
    await c.post('/api/course/analytics/start', { courseId, lessonId: text });
    expect((await complete(video)).json().code).toBe('LESSON_NOT_FINISHED');
    expect((await complete(text)).json().code).toBe('LESSON_NOT_FINISHED');

    // Half a minute on: the text is read; the 8-minute video needs 4 minutes (2× playback).
    timePasses(30_000);
    expect((await complete(text)).json()).toMatchObject({ progressPercent: 50, certificateId: null });
    const early = await complete(video);
    expect(early.json()).toMatchObject({ code: 'LESSON_NOT_FINISHED', message: 'Keep watching — this lesson can be marked complete in about 4 minutes.' });
    // Opening it again does not restart its clock.
    await c.post('/api/course/analytics/start', { courseId, lessonId: video });
    timePasses(3.5 * 60_000);
    expect((await complete(video)).json()).toMatchObject({ progressPercent: 100, certificateId: expect.any(String) });
  });

  it('waits for half of the video file when it is shorter than the lesson says', async () => {
    const [file] = await t.ctx.db
      .insert(mediaFiles)
      .values({ kind: 'video', contentType: 'video/webm', sizeBytes: 1_000, name: 'short.webm', storageKey: `video/${randomUUID()}.webm`, durationSeconds: 5 })
      .returning();
    // Stated as 8 minutes; the file runs 5 seconds.
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'video', durationMin: 8, mediaId: file!.id }] });
    const { c } = await owner(courseId);
    await c.post('/api/course/analytics/start', { courseId, lessonId: lessonIds[0] });
    const early = await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] });
    // Seconds, not minutes (this app's clock moves a second at each reading).
    expect(early.json().code).toBe('LESSON_NOT_FINISHED');
    expect(early.json().message).toMatch(/^Keep watching — this lesson can be marked complete in [1-3] seconds?\.$/);
    timePasses(2_500);
    expect((await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] })).json()).toMatchObject({ progressPercent: 100 });
  });

  it('issues one certificate when the last lesson is completed, and completing again changes nothing', async () => {
    const { courseId, lessonIds } = await course({ title: 'Everyday Phrasal Verbs' });
    const { c, id } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    const half = (await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] })).json();
    expect(half).toMatchObject({ progressPercent: 50, certificateId: null });
    const done = (await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[1] })).json();
    expect(done.progressPercent).toBe(100);
    expect(typeof done.certificateId).toBe('string');
    const again = (await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[1] })).json();
    expect(again).toEqual(done);

    const [issued, ...more] = await certificatesOf(id, courseId);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({ id: done.certificateId, learnerName: 'Payer Person', courseTitle: 'Everyday Phrasal Verbs' });
    expect(certificateCodeSchema.safeParse(issued!.code).success).toBe(true);
    expect(issued!.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect((await lessonProgressOf(t.ctx.db, id, courseId, lessonIds)).certificateId).toBe(done.certificateId);
  });

  it('issues exactly one certificate when the last lesson is completed five times at once', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text' }, { kind: 'text' }, { kind: 'text' }] });
    const { c, id } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    for (const lessonId of lessonIds.slice(0, 2)) await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId });
    const results = await Promise.all(Array.from({ length: 5 }, () => c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[2] })));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await certificatesOf(id, courseId);
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((res) => res.json().certificateId))).toEqual(new Set([rows[0]!.id]));
  });

  it('issues the certificate when the last two lessons are completed at the same moment', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text' }, { kind: 'text' }] });
    const { c, id } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    await Promise.all(lessonIds.map((lessonId) => c.post(`/api/course/analytics/${courseId}/complete`, { lessonId })));
    expect(await certificatesOf(id, courseId)).toHaveLength(1);
  });

  it('lists the learner’s certificates and serves each one’s PDF to its owner only', async () => {
    const { courseId, lessonIds } = await course({ title: 'Confident Small Talk', lessons: [{ kind: 'text' }] });
    const { c } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    const { certificateId } = (await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] })).json();
    const list = (await c.get('/api/certificates')).json();
    expect(list.items).toHaveLength(1);
    const [certificate] = list.items;
    expect(certificate).toEqual({
      _id: certificateId,
      code: expect.any(String),
      courseId,
      curriculumLevel: null,
      courseTitle: 'Confident Small Talk',
      learnerName: 'Payer Person',
      issuedAt: expect.any(String),
      issuedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      pdfUrl: `/api/certificates/${certificateId}/pdf`,
      verifyPath: `/certificates/${certificate.code}`,
    });

    const pdf = await rawBody(c, certificate.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="parley-certificate-${certificate.code}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Parley certificate ${certificate.code}`);
    const download = await rawBody(c, `${certificate.pdfUrl}?download=1`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="parley-certificate-${certificate.code}.pdf"`);

    const stranger = await newLearner();
    expect((await stranger.c.get(certificate.pdfUrl)).statusCode).toBe(404);
    expect((await stranger.c.get('/api/certificates')).json()).toEqual({ items: [] });
    expect((await c.get(`/api/certificates/${randomUUID()}/pdf`)).statusCode).toBe(404);
    expect((await t.client().get(certificate.pdfUrl)).statusCode).toBe(401);
  });

  it('is dated the learner’s day when it was issued, in the list and the public check alike, and keeps it when the learner moves', async () => {
    const { courseId, lessonIds } = await course({ lessons: [{ kind: 'text' }] });
    const { c, id } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    // A zone whose day is not UTC's at this hour, so a UTC date would show: UTC−12 is a day behind
    // before 12:00 UTC, Kiritimati (UTC+14) a day ahead from 10:00, so either choice keeps an hour in
    // hand while the clock moves a second a reading.
    const zone = new Date(clockMs).getUTCHours() < 11 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    await t.ctx.db.update(users).set({ timezone: zone }).where(eq(users.id, id));
    await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] });
    const [certificate] = (await c.get('/api/certificates')).json().items;
    expect(certificate.issuedOn).toBe(isoDateInZone(new Date(certificate.issuedAt), zone));
    expect(certificate.issuedOn).not.toBe(certificate.issuedAt.slice(0, 10));
    expect((await t.client().get(`/api/certificates/verify/${certificate.code}`)).json().issuedOn).toBe(certificate.issuedOn);
    // Moved to UTC since: the certificate still says the day it was issued on.
    await t.ctx.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, id));
    expect((await c.get('/api/certificates')).json().items[0].issuedOn).toBe(certificate.issuedOn);
  });

  it('is verified by anyone with its code, and an unknown code is not found', async () => {
    const { courseId, lessonIds } = await course({ title: 'Office English', lessons: [{ kind: 'text' }] });
    const { c } = await owner(courseId);
    await learn(c, courseId, lessonIds);
    await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] });
    const [certificate] = (await c.get('/api/certificates')).json().items;
    const anonymous = t.client();
    const verified = await anonymous.get(`/api/certificates/verify/${certificate.code}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ code: certificate.code, learnerName: 'Payer Person', kind: 'course', courseTitle: 'Office English', issuedAt: certificate.issuedAt, issuedOn: certificate.issuedOn });
    expect((await anonymous.get(`/api/certificates/verify/${certificate.code.toLowerCase()}`)).json().code).toBe(certificate.code);
    const unknown = await anonymous.get('/api/certificates/verify/ZZZZ-ZZZZ-ZZZ2');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Certificate not found' });
    expect((await anonymous.get('/api/certificates/verify/not-a-code')).statusCode).toBe(404);
  });
});

describe('lesson files', () => {
  let video: Awaited<ReturnType<typeof addMedia>>;
  let preview: Awaited<ReturnType<typeof addMedia>>;
  let live: Awaited<ReturnType<typeof course>>;
  let otherCreator: TestClient;
  beforeAll(async () => {
    video = await addMedia('video', videoBytes(1), 'lesson.mp4');
    preview = await addMedia('pdf', await pdfBytes('preview'), 'preview.pdf');
    live = await course({
      lessons: [
        { kind: 'video', mediaId: video.id },
        { kind: 'pdf', mediaId: preview.id, isPreview: true },
        { kind: 'text' },
      ],
    });
    const email = `second-creator-${randomUUID().slice(0, 8)}@example.com`;
    await t.ctx.db.insert(users).values({ role: 'creator', email, name: 'Second Creator', passwordHash: await hashPassword(DEMO_PASSWORD) });
    otherCreator = await t.signIn(email, 'creator');
  });

  it('serves a paid lesson’s video to its owner, whole or by byte range', async () => {
    const { c } = await owner(live.courseId);
    const whole = await rawBody(c, fileUrl(live.courseId, live.lessonIds[0]!));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.bytes.equals(videoBytes(1))).toBe(true);
    const part = await rawBody(c, fileUrl(live.courseId, live.lessonIds[0]!), { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-1099/5000');
    expect(part.bytes.equals(videoBytes(1).subarray(100, 1100))).toBe(true);
    const pdf = await rawBody(c, fileUrl(live.courseId, live.lessonIds[1]!));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline;/);
    // The live version by its id is the same file.
    expect((await c.get(fileUrl(live.courseId, live.lessonIds[0]!, live.versionId))).statusCode).toBe(200);
    // A text lesson has no file.
    expect((await c.get(fileUrl(live.courseId, live.lessonIds[2]!))).statusCode).toBe(404);
  });

  it('opens a preview lesson’s file to anyone, logged out too', async () => {
    const anonymous = await rawBody(t.client(), fileUrl(live.courseId, live.lessonIds[1]!));
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await (await newLearner()).c.get(fileUrl(live.courseId, live.lessonIds[1]!))).statusCode).toBe(200);
  });

  it('answers 404 on a paid lesson’s file to everyone who does not own the course', async () => {
    const url = fileUrl(live.courseId, live.lessonIds[0]!);
    const stranger = await newLearner();
    const outsiders = [t.client(), stranger.c, otherCreator, await t.signIn('tutor@parley.test', 'teacher')];
    for (const client of outsiders) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    }
    expect((await stranger.c.get(`${url}?versionId=${live.versionId}`)).statusCode).toBe(404);
    expect((await stranger.c.get(fileUrl(randomUUID(), live.lessonIds[0]!))).statusCode).toBe(404);
    expect((await stranger.c.get(fileUrl(live.courseId, randomUUID()))).statusCode).toBe(404);
    // Owning another course opens nothing here.
    const elsewhere = await owner((await course()).courseId);
    expect((await elsewhere.c.get(url)).statusCode).toBe(404);
  });

  it('lets the creator open any version of their own course and a moderator any submitted version; other creators and learners get 404', async () => {
    const draftVideo = await addMedia('video', videoBytes(2), 'draft.mp4');
    const draft = await course({ status: 'draft', lessons: [{ kind: 'video', mediaId: draftVideo.id }] });
    const url = fileUrl(draft.courseId, draft.lessonIds[0]!, draft.versionId);
    const creator = await t.signIn('creator@parley.test', 'creator');
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const own = await rawBody(creator, url);
    expect(own.statusCode).toBe(200);
    expect(own.bytes.equals(videoBytes(2))).toBe(true);
    // A draft is the creator's alone until it is submitted for review.
    expect((await moderator.get(url)).statusCode).toBe(404);
    await t.ctx.db.update(courseVersions).set({ status: 'in_review', submittedAt: new Date() }).where(eq(courseVersions.id, draft.versionId));
    expect((await rawBody(moderator, url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    await t.ctx.db.update(courseVersions).set({ status: 'rejected', rejectionReason: 'Needs work.' }).where(eq(courseVersions.id, draft.versionId));
    expect((await rawBody(moderator, url)).statusCode).toBe(200);
    const learner = await owner(draft.courseId);
    for (const client of [otherCreator, learner.c, t.client()]) expect((await client.get(url)).statusCode).toBe(404);
    // Without a version id only the live version is meant, and a draft course has none.
    expect((await creator.get(fileUrl(draft.courseId, draft.lessonIds[0]!))).statusCode).toBe(404);

    // A new draft of a live course: its creator sees the new file, the owner keeps the live one.
    const replacement = await addMedia('video', videoBytes(3), 'v2.mp4');
    const [liveVersion] = await t.ctx.db.select().from(courseVersions).where(eq(courseVersions.id, live.versionId));
    const modules = liveVersion!.modules.map((module) => ({ ...module, lessons: module.lessons.map((lesson) => (lesson.id === live.lessonIds[0] ? { ...lesson, mediaId: replacement.id } : lesson)) }));
    const [v2] = await t.ctx.db
      .insert(courseVersions)
      .values({ ...liveVersion!, id: undefined, version: 2, status: 'draft', modules, submittedAt: null, reviewedAt: null })
      .returning({ id: courseVersions.id });
    const v2Url = fileUrl(live.courseId, live.lessonIds[0]!, v2!.id);
    expect((await rawBody(creator, v2Url)).bytes.equals(videoBytes(3))).toBe(true);
    expect((await moderator.get(v2Url)).statusCode).toBe(404);
    await t.ctx.db.update(courseVersions).set({ status: 'in_review', submittedAt: new Date() }).where(eq(courseVersions.id, v2!.id));
    expect((await rawBody(moderator, v2Url)).bytes.equals(videoBytes(3))).toBe(true);
    expect((await rawBody(creator, fileUrl(live.courseId, live.lessonIds[0]!))).bytes.equals(videoBytes(1))).toBe(true);
    const liveOwner = await owner(live.courseId);
    expect((await rawBody(liveOwner.c, fileUrl(live.courseId, live.lessonIds[0]!))).bytes.equals(videoBytes(1))).toBe(true);
    expect((await liveOwner.c.get(v2Url)).statusCode).toBe(404);
    expect((await otherCreator.get(v2Url)).statusCode).toBe(404);
    // A version id of another course opens nothing.
    expect((await creator.get(fileUrl(live.courseId, live.lessonIds[0]!, draft.versionId))).statusCode).toBe(404);
  });

  it('uses the session x-parley-as names when the browser holds several roles', async () => {
    const { c } = await owner(live.courseId);
    const url = fileUrl(live.courseId, live.lessonIds[0]!);
    expect((await c.send('GET', url, undefined, { 'x-parley-as': 'learner' })).statusCode).toBe(200);
    // Acting as another role, the learner's ownership does not count.
    expect((await c.send('GET', url, undefined, { 'x-parley-as': 'creator' })).statusCode).toBe(404);
  });
});

describe('bonus files', () => {
  async function courseWithBonus(subject: CourseSubject = 'English') {
    const file = await addMedia('pdf', await pdfBytes('bonus'), 'word-list.pdf');
    const bonusName = `Word list ${randomUUID().slice(0, 6)}`;
    const created = await course({ subject, title: `Bonus course ${bonusName}`, bonuses: [{ bonusName, mediaId: file.id }] });
    return { ...created, bonusName, file };
  }

  it('lists and serves the bonus files of the learner’s courses as attachments', async () => {
    const { courseId, bonusName, file } = await courseWithBonus();
    const { c } = await owner(courseId);
    const list = (await c.get('/api/workshop-details/get-bonus')).json();
    expect(list.items).toEqual([
      {
        bonusName,
        courseId,
        courseTitle: `Bonus course ${bonusName}`,
        sizeBytes: file.sizeBytes,
        downloadUrl: `/api/workshop-details/download-bonus?${new URLSearchParams({ bonusName, courseId }).toString()}`,
      },
    ]);
    const download = await rawBody(c, list.items[0].downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename="${bonusName}\\.pdf"`));
    expect(download.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The name alone is enough.
    expect((await c.get(`/api/workshop-details/download-bonus?bonusName=${encodeURIComponent(bonusName)}`)).statusCode).toBe(200);
  });

  it('keeps a bonus image out of shared caches', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const image = await addMedia('image', png, 'chart.png');
    const bonusName = `Chart ${randomUUID().slice(0, 6)}`;
    const { courseId } = await course({ bonuses: [{ bonusName, mediaId: image.id }] });
    const { c } = await owner(courseId);
    const res = await rawBody(c, `/api/workshop-details/download-bonus?${new URLSearchParams({ bonusName, courseId }).toString()}`);
    expect(res.statusCode).toBe(200);
    expect(res.bytes.equals(png)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('answers 404 to a learner who does not own the course, and 401 to nobody', async () => {
    const { courseId, bonusName } = await courseWithBonus();
    const stranger = await newLearner();
    expect((await stranger.c.get('/api/workshop-details/get-bonus')).json()).toEqual({ items: [] });
    const query = new URLSearchParams({ bonusName });
    expect((await stranger.c.get(`/api/workshop-details/download-bonus?${query.toString()}`)).statusCode).toBe(404);
    query.set('courseId', courseId);
    expect((await stranger.c.get(`/api/workshop-details/download-bonus?${query.toString()}`)).statusCode).toBe(404);
    // Owning another course with bonuses does not open this one's.
    const other = await courseWithBonus();
    const ownerElsewhere = await owner(other.courseId);
    expect((await ownerElsewhere.c.get(`/api/workshop-details/download-bonus?${query.toString()}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/workshop-details/download-bonus?${query.toString()}`)).statusCode).toBe(401);
  });

  it('opens the bonus files of a subject’s courses to a course subscriber while the subscription lasts', async () => {
    const { bonusName } = await courseWithBonus('Kids');
    const { c, id } = await newLearner();
    const now = t.ctx.now();
    const [subscription] = await t.ctx.db
      .insert(courseSubscriptions)
      .values({ userId: id, subject: 'Kids', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000), amountMinor: 79_900, currency: 'INR' })
      .returning();
    const names = async () => (await c.get('/api/workshop-details/get-bonus')).json().items.map((item: { bonusName: string }) => item.bonusName);
    expect(await names()).toContain(bonusName);
    expect((await c.get(`/api/workshop-details/download-bonus?bonusName=${encodeURIComponent(bonusName)}`)).statusCode).toBe(200);
    await t.ctx.db.update(courseSubscriptions).set({ endsAt: new Date(now.getTime() - 1000) }).where(eq(courseSubscriptions.id, subscription!.id));
    expect(await names()).not.toContain(bonusName);
    expect((await c.get(`/api/workshop-details/download-bonus?bonusName=${encodeURIComponent(bonusName)}`)).statusCode).toBe(404);
  });
});

describe('a course unpublished since', () => {
  it('stays open to the learners who own it — page, lessons, files, progress, certificate, bonus files — and to nobody else, subscribers included', async () => {
    const video = await addMedia('video', videoBytes(20), 'kept.mp4');
    const bonus = await addMedia('pdf', await pdfBytes('kept bonus'), 'kept.pdf');
    const bonusName = `Kept bonus ${randomUUID().slice(0, 6)}`;
    const { courseId, lessonIds } = await course({ subject: 'AI', lessons: [{ kind: 'video', mediaId: video.id, isPreview: true }, { kind: 'text' }], bonuses: [{ bonusName, mediaId: bonus.id }] });
    const learnerOwner = await owner(courseId);
    const subscriber = await newLearner();
    const now = t.ctx.now();
    await t.ctx.db.insert(courseSubscriptions).values({ userId: subscriber.id, subject: 'AI', startsAt: now, endsAt: new Date(now.getTime() + 86_400_000 * 30), amountMinor: 1, currency: 'INR' });
    const stranger = await newLearner();
    await t.ctx.db.update(courses).set({ unpublishedAt: new Date(), unpublishReason: 'Taken down by a test.' }).where(eq(courses.id, courseId));
    const bonusNames = async (c: TestClient) => (await c.get('/api/workshop-details/get-bonus')).json().items.map((item: { bonusName: string }) => item.bonusName);
    const download = `/api/workshop-details/download-bonus?${new URLSearchParams({ bonusName, courseId }).toString()}`;

    const { c } = learnerOwner;
    expect((await c.post('/api/courses/v2/getCourseData', { courseId })).json()).toMatchObject({ _id: courseId, owned: true, bonuses: [{ bonusName }] });
    expect((await c.post('/api/course/analytics/start', { courseId, lessonId: lessonIds[0] })).statusCode).toBe(200);
    expect((await c.put('/api/course/analytics/update', { courseId, lessonId: lessonIds[0], positionSeconds: 3, secondsSpent: 3 })).statusCode).toBe(200);
    expect((await rawBody(c, fileUrl(courseId, lessonIds[0]!))).bytes.equals(videoBytes(20))).toBe(true);
    await learn(c, courseId, lessonIds);
    expect((await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[0] })).statusCode).toBe(200);
    const done = (await c.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[1] })).json();
    expect(done).toMatchObject({ progressPercent: 100, certificateId: expect.any(String) });
    expect((await c.get(`/api/course/analytics/course/${courseId}`)).json()).toMatchObject({ progressPercent: 100, certificateId: done.certificateId });
    expect(await bonusNames(c)).toContain(bonusName);
    expect((await c.get(download)).statusCode).toBe(200);

    for (const other of [subscriber.c, stranger.c]) {
      expect((await other.post('/api/courses/v2/getCourseData', { courseId })).statusCode).toBe(404);
      expect((await other.post('/api/course/analytics/start', { courseId, lessonId: lessonIds[0] })).statusCode).toBe(404);
      expect((await other.get(`/api/course/analytics/course/${courseId}`)).statusCode).toBe(404);
      expect((await other.post(`/api/course/analytics/${courseId}/complete`, { lessonId: lessonIds[1] })).statusCode).toBe(404);
      expect((await other.get(fileUrl(courseId, lessonIds[0]!))).statusCode).toBe(404);
      expect(await bonusNames(other)).not.toContain(bonusName);
      expect((await other.get(download)).statusCode).toBe(404);
    }
    // Its preview lesson is no longer anyone's to watch.
    expect((await t.client().get(fileUrl(courseId, lessonIds[0]!))).statusCode).toBe(404);
  });
});

describe('the video library', () => {
  const ids: Record<'learners' | 'kids' | 'both', string> = { learners: '', kids: '', both: '' };
  let kidParent: TestClient;
  beforeAll(async () => {
    for (const audience of ['learners', 'kids', 'both'] as const) {
      const media = await addMedia('video', videoBytes(10), `${audience}.mp4`);
      const [row] = await t.ctx.db.insert(libraryVideos).values({ title: `For ${audience}`, audience, mediaId: media.id, durationSeconds: 60, sortOrder: -1 }).returning();
      ids[audience] = row!.id;
    }
    kidParent = await t.signIn('parent@parley.test');
    const [kid] = (await kidParent.post('/api/learner/getKidsByParentId', {})).json().allKids;
    expect((await kidParent.post('/api/learner/findKidById', { learnerId: kid._id })).statusCode).toBe(200);
  });
  const mine = (items: { _id: string }[]) => items.map((item) => item._id).filter((id) => Object.values(ids).includes(id));
  const asKid = (url: string) => kidParent.send('GET', url, undefined, { 'x-parley-as': 'kid' });

  it('shows learners the learners’ videos, or the kids’ when asked, and kids only theirs', async () => {
    const { c } = await newLearner();
    const forLearners = (await c.get('/api/library/getVideos')).json().items;
    expect(mine(forLearners)).toEqual([ids.learners, ids.both]);
    expect(forLearners.find((item: { _id: string }) => item._id === ids.both)).toEqual({
      _id: ids.both,
      title: 'For both',
      description: '',
      durationSeconds: 60,
      audience: 'both',
      videoUrl: `/api/library/videos/${ids.both}/file`,
    });
    expect(new Set(mine((await c.get('/api/library/getVideos?audience=kids')).json().items))).toEqual(new Set([ids.kids, ids.both]));
    const forKid = (await asKid('/api/library/getVideos?audience=learners')).json().items;
    expect(new Set(mine(forKid))).toEqual(new Set([ids.kids, ids.both]));
    expect(forKid.every((item: { audience: string }) => item.audience !== 'learners')).toBe(true);
    expect((await t.client().get('/api/library/getVideos')).statusCode).toBe(401);
  });

  it('streams a library video with range requests; a kid cannot open the learners’ videos', async () => {
    const { c } = await newLearner();
    const part = await rawBody(c, `/api/library/videos/${ids.learners}/file`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.bytes.equals(videoBytes(10).subarray(0, 100))).toBe(true);
    expect((await asKid(`/api/library/videos/${ids.kids}/file`)).statusCode).toBe(200);
    expect((await asKid(`/api/library/videos/${ids.learners}/file`)).statusCode).toBe(404);
    expect((await c.get(`/api/library/videos/${randomUUID()}/file`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/library/videos/${ids.both}/file`)).statusCode).toBe(401);
  });
});
