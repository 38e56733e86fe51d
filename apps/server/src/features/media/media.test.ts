import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, mediaKinds, mediaSchema } from '@parley/domain/courses';
import { messages } from '@parley/domain/messages';
import { courseVersions, mediaFiles, users } from '../../db/schema';
import { seedMediaDir } from '../../db/seed/courses-seed';
import { createLocalMediaStore, MediaMissingError } from '../../media/media-store';
import { createS3Client, createS3MediaStore, type S3Command } from '../../media/s3-media-store';
import { createLiveCourse } from '../../test/course-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { acceptedTypesText, coverUrl, findMedia, findMediaByIds, removeStaleUploads, storeUpload, toMedia } from './media.service';

const MB = 1024 * 1024;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** An ISO media header (ftyp isom) and then random bytes: an MP4 to the content check, 64 KB to seek in. */
const mp4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), randomBytes(64 * 1024)]);
/** A PNG signature padded to exactly `size` bytes. */
const pngOfSize = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);

type Part = { name: string; content: string | Buffer; filename?: string; type?: string };
const BOUNDARY = 'mediaTestBoundary';
function form(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${part.type ? `\r\nContent-Type: ${part.type}` : ''}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const upload = (client: TestClient, kind: string, content: Buffer, filename: string, type = 'application/octet-stream') =>
  client.send('POST', '/api/creator/media', form([{ name: 'kind', content: kind }, { name: 'file', filename, type, content }]), { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });
const postForm = (client: TestClient, parts: Part[]) => client.send('POST', '/api/creator/media', form(parts), { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });

let t: TestApp;
let dataDir: string;
let creator: TestClient;
let otherCreator: TestClient;

/** GET with the client's cookies, keeping the body's bytes. */
async function fetchBytes(client: TestClient, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: { ...(client.cookies.size ? { cookie: t.cookieHeader(client) } : {}), ...headers } });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'parley-media-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  creator = await t.signIn('creator@parley.test', 'creator');
  const [seeded] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, 'creator@parley.test'));
  await t.ctx.db.insert(users).values({ role: 'creator', email: 'second.creator@parley.test', passwordHash: seeded!.hash, name: 'Second Creator' });
  otherCreator = await t.signIn('second.creator@parley.test', 'creator');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('stores a cover image under its kind, typed by its content, and serves it publicly once an approved version makes it its cover', async () => {
    const res = await upload(creator, 'image', png, 'my cover.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const media = mediaSchema.parse(res.json());
    expect(media).toMatchObject({ kind: 'image', contentType: 'image/png', sizeBytes: png.length, name: 'my cover.png', url: `/api/creator/media/${media._id}` });
    const row = await findMedia(t.ctx.db, media._id);
    expect(row?.storageKey).toMatch(/^image\/[0-9a-f-]{36}\.png$/);
    // Not a cover yet: its creator reads it back, privately; nobody reads it on the public route.
    const own = await fetchBytes(creator, media.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=300');
    expect((await fetchBytes(t.client(), coverUrl(media._id))).statusCode).toBe(404);

    // A draft's cover stays private (no moderator has seen it); an approved version's is public.
    const { versionId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'With my cover', status: 'draft', coverMediaId: media._id });
    expect((await fetchBytes(t.client(), coverUrl(media._id))).statusCode).toBe(404);
    await t.ctx.db.update(courseVersions).set({ status: 'approved' }).where(eq(courseVersions.id, versionId));
    const served = await fetchBytes(t.client(), coverUrl(media._id));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(served.headers['content-disposition']).toBe(`inline; filename="my cover.png"; filename*=UTF-8''my%20cover.png`);
  });

  it('believes the content, not the declared type or the name', async () => {
    const res = await upload(creator, 'pdf', pdf, 'notes.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', url: `/api/creator/media/${res.json()._id}` });
    expect((await findMedia(t.ctx.db, res.json()._id))?.storageKey).toMatch(/^pdf\/[0-9a-f-]{36}\.pdf$/);
    // Its name takes its real type's extension, so a download opens as a PDF.
    expect(res.json().name).toBe('notes.bin.pdf');
  });

  it('names a file by its content’s type: an image sent as page.html downloads as page.html.png, also one stored before', async () => {
    const res = await upload(creator, 'image', png, 'page.html', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('page.html.png');
    await t.ctx.db.update(mediaFiles).set({ name: 'page.html' }).where(eq(mediaFiles.id, res.json()._id));
    const served = await fetchBytes(creator, res.json().url);
    expect(served.headers['content-disposition']).toBe(`inline; filename="page.html.png"; filename*=UTF-8''page.html.png`);
  });

  it('refuses a PNG renamed .pdf, and text called a video, naming the accepted types', async () => {
    const before = (await t.ctx.db.select().from(mediaFiles)).length;
    const renamed = await upload(creator, 'pdf', png, 'lesson.pdf', 'application/pdf');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'Upload a PDF: this file’s content is not one.' });
    const notVideo = await upload(creator, 'video', Buffer.from('just some words, not a film'), 'film.mp4', 'video/mp4');
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().message).toBe('Upload an MP4 or WebM video: this file’s content is not one.');
    const pdfAsImage = await upload(creator, 'image', pdf, 'cover.png', 'image/png');
    expect(pdfAsImage.json()).toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'Upload a PNG, JPEG or WebP image: this file’s content is not one.' });
    const empty = await upload(creator, 'image', Buffer.alloc(0), 'empty.png', 'image/png');
    expect(empty.json().code).toBe('UNSUPPORTED_FILE');
    expect((await t.ctx.db.select().from(mediaFiles)).length).toBe(before);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('takes WebVTT captions by their signature, as a stream too, and refuses other text, other encodings and files over 1 MB', async () => {
    const vtt = Buffer.from('\uFEFFWEBVTT - Greetings\n\n00:00.000 --> 00:02.500\nHello and welcome.\n');
    const res = await upload(creator, 'captions', vtt, 'greetings.en.vtt', 'text/vtt');
    expect(res.statusCode).toBe(201);
    const media = mediaSchema.parse(res.json());
    expect(media).toMatchObject({ kind: 'captions', contentType: 'text/vtt', sizeBytes: vtt.length, name: 'greetings.en.vtt', durationSeconds: null });
    expect((await findMedia(t.ctx.db, media._id))?.storageKey).toMatch(/^captions\/[0-9a-f-]{36}\.vtt$/);
    const back = await fetchBytes(creator, media.url);
    expect(back.headers['content-type']).toMatch(/^text\/vtt/);
    expect(back.rawPayload.equals(vtt)).toBe(true);
    // Named for what it is, whatever it was called.
    expect((await upload(creator, 'captions', Buffer.from('WEBVTT\n'), 'subs.txt')).json().name).toBe('subs.txt.vtt');

    const before = (await t.ctx.db.select().from(mediaFiles)).length;
    const refusals = [
      Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nAn SRT file.\n'),
      Buffer.from('WEBVTTX\n'),
      Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.from([0xff, 0xfe, 0x00])]),
      png,
    ];
    for (const bytes of refusals) {
      expect((await upload(creator, 'captions', bytes, 'captions.vtt', 'text/vtt')).json()).toMatchObject({
        code: 'UNSUPPORTED_FILE',
        message: 'Upload a WebVTT (.vtt) captions file: this file’s content is not one.',
      });
    }
    const over = await upload(creator, 'captions', Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(MB, 0x61)]), 'long.vtt', 'text/vtt');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Caption files can be at most 1 MB.' });
    expect((await t.ctx.db.select().from(mediaFiles)).length).toBe(before);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('takes an image of exactly 5 MB and refuses one byte more with 413', async () => {
    expect(MEDIA_LIMITS.image.maxBytes).toBe(5 * MB);
    const atLimit = await upload(creator, 'image', pngOfSize(5 * MB), 'big.png');
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json().sizeBytes).toBe(5 * MB);
    const over = await upload(creator, 'image', pngOfSize(5 * MB + 1), 'too-big.png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Images can be at most 5 MB.' });
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses an oversized PDF over a real connection too', async () => {
    const baseUrl = await t.listen();
    const body = form([{ name: 'kind', content: 'pdf' }, { name: 'file', filename: 'huge.pdf', type: 'application/pdf', content: Buffer.concat([pdf, Buffer.alloc(MEDIA_LIMITS.pdf.maxBytes)]) }]);
    const res = await fetch(`${baseUrl}/api/creator/media`, {
      method: 'POST',
      body,
      headers: { cookie: t.cookieHeader(creator), 'x-parley-client': 'web', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'PDFs can be at most 20 MB.' });
  });

  it('names every accepted type in its refusal', () => {
    const words: Record<string, string> = { 'video/mp4': 'MP4', 'video/webm': 'WebM', 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'text/vtt': 'WebVTT' };
    for (const kind of mediaKinds) for (const type of MEDIA_LIMITS[kind].types) expect(acceptedTypesText[kind]).toContain(words[type]);
  });

  it('wants the kind, then one file field', async () => {
    const fileFirst = await postForm(creator, [{ name: 'file', filename: 'a.png', content: png }, { name: 'kind', content: 'image' }]);
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().fields).toEqual({ kind: 'Required before the file' });
    expect((await postForm(creator, [{ name: 'kind', content: 'audio' }, { name: 'file', filename: 'a.png', content: png }])).json().fields).toEqual({ kind: 'Choose video, pdf, image or captions' });
    expect((await postForm(creator, [{ name: 'kind', content: 'image' }])).json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { file: 'Required' } });
    const truncated = await creator.send('POST', '/api/creator/media', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${png.toString('latin1')}`, {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    });
    expect(truncated.statusCode).toBe(400);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('cleans the file name it keeps', async () => {
    const res = await upload(creator, 'image', png, 'C:\\Users\\me\\evil\u202Egnp.exe', 'image/png');
    expect(res.json().name).toBe('evilgnp.exe.png');
    expect((await upload(creator, 'image', png, '\u0007', 'image/png')).json().name).toBe('upload.png');
  });

  it('says to try again later when the store does not answer, and keeps neither a row nor a temporary file', async () => {
    const store = t.ctx.media;
    t.ctx.media = { ...store, put: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' })) };
    try {
      const before = await t.ctx.db.select({ id: mediaFiles.id }).from(mediaFiles);
      const res = await upload(creator, 'image', png, 'store-down.png');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'STORAGE_UNAVAILABLE', message: messages.storageUnavailable });
      expect(await t.ctx.db.select({ id: mediaFiles.id }).from(mediaFiles)).toHaveLength(before.length);
      expect((await readdir(path.join(dataDir, 'tmp'))).filter((name) => name.startsWith('upload-'))).toEqual([]);
      // A bucket that refuses for its configuration is not something to wait out: the usual 500.
      t.ctx.media = { ...store, put: () => Promise.reject(Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })) };
      expect((await upload(creator, 'image', png, 'refused.png')).json().code).toBe('INTERNAL');
    } finally {
      t.ctx.media = store;
    }
  });

  it('is for creators only', async () => {
    expect((await upload(t.client(), 'image', png, 'a.png')).statusCode).toBe(401);
    // Another role's session is not a creator's: role cookies are separate.
    expect((await upload(await t.signIn('learner@parley.test'), 'image', png, 'a.png')).statusCode).toBe(401);
  });
});

describe('temporary files a crash left', () => {
  it('are removed at start once they are an hour old; younger ones may still be arriving', async () => {
    const dir = path.join(dataDir, 'tmp');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'upload-left-by-a-crash'), 'x');
    await writeFile(path.join(dir, 'upload-arriving-now'), 'x');
    const old = new Date(Date.now() - 61 * 60_000);
    await utimes(path.join(dir, 'upload-left-by-a-crash'), old, old);
    const young = new Date(Date.now() - 59 * 60_000);
    await utimes(path.join(dir, 'upload-arriving-now'), young, young);
    expect(await removeStaleUploads(dataDir, new Date())).toBe(1);
    expect((await readdir(dir)).filter((n) => n.startsWith('upload-'))).toEqual(['upload-arriving-now']);
    await rm(path.join(dir, 'upload-arriving-now'));
  });
});

describe('serving', () => {
  let video: { _id: string; url: string };
  beforeAll(async () => {
    video = (await upload(creator, 'video', mp4, 'lesson 1 — intro.mp4', 'video/mp4')).json();
  });

  it('answers one byte range with 206 and exactly those bytes', async () => {
    const res = await fetchBytes(creator, video.url, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);

    const tail = await fetchBytes(creator, video.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(mp4.subarray(-10))).toBe(true);
    const open = await fetchBytes(creator, video.url, { range: `bytes=${mp4.length - 5}-` });
    expect(open.headers['content-range']).toBe(`bytes ${mp4.length - 5}-${mp4.length - 1}/${mp4.length}`);
    expect(open.rawPayload.equals(mp4.subarray(-5))).toBe(true);
    // A range running past the end is cut to the file.
    const past = await fetchBytes(creator, video.url, { range: `bytes=${mp4.length - 3}-${mp4.length + 100}` });
    expect(past.rawPayload.equals(mp4.subarray(-3))).toBe(true);
  });

  it('answers 416 with the size for a range outside the file', async () => {
    const res = await fetchBytes(creator, video.url, { range: `bytes=${mp4.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${mp4.length}`);
    expect(res.json().code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('sends the whole file without a range, for several ranges, a malformed one or another version', async () => {
    const variants: Record<string, string>[] = [{}, { range: 'bytes=0-9,500-599' }, { range: 'pages=1-2' }, { range: 'bytes=abc' }, { range: 'bytes=0-9', 'if-range': '"another-version"' }];
    for (const headers of variants) {
      const res = await fetchBytes(creator, video.url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-length']).toBe(String(mp4.length));
      expect(res.rawPayload.equals(mp4)).toBe(true);
    }
    const sameVersion = await fetchBytes(creator, video.url, { range: 'bytes=0-9', 'if-range': `"${video._id}"` });
    expect(sameVersion.statusCode).toBe(206);
  });

  it('keeps a lesson file private, short-lived in caches, and answers HEAD and revalidation', async () => {
    const res = await fetchBytes(creator, video.url);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['content-disposition']).toBe(`inline; filename="lesson 1 _ intro.mp4"; filename*=UTF-8''lesson%201%20%E2%80%94%20intro.mp4`);
    const head = await fetchBytes(creator, video.url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(mp4.length));
    expect(head.rawPayload.length).toBe(0);
    const revalidated = await fetchBytes(creator, video.url, { 'if-none-match': res.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves only course covers on the public route: a video, or a paid bonus image, is the same 404 as no file', async () => {
    const asVideo = await fetchBytes(t.client(), `/api/media/${video._id}`);
    const unknown = await fetchBytes(t.client(), '/api/media/00000000-0000-4000-8000-000000000000');
    expect(asVideo.statusCode).toBe(404);
    expect(asVideo.body).toBe(unknown.body);
    expect(asVideo.json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    expect((await fetchBytes(t.client(), '/api/media/not-an-id')).statusCode).toBe(404);

    const bonus = mediaSchema.parse((await upload(creator, 'image', png, 'bonus chart.png', 'image/png')).json());
    await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Bonus image course', bonuses: [{ bonusName: 'Chart', mediaId: bonus._id }] });
    const asBonus = await fetchBytes(t.client(), `/api/media/${bonus._id}`);
    expect(asBonus.statusCode).toBe(404);
    expect(asBonus.body).toBe(unknown.body);
    // A cover of any approved version (an old one too) is public, and shared caches may keep it.
    const cover = mediaSchema.parse((await upload(creator, 'image', png, 'old cover.png', 'image/png')).json());
    const { versionId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Cover course' });
    await t.ctx.db.update(courseVersions).set({ coverMediaId: cover._id }).where(eq(courseVersions.id, versionId));
    const approved = await fetchBytes(t.client(), coverUrl(cover._id));
    expect(approved.statusCode).toBe(200);
    expect(approved.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a cover no moderator approved off the public route: a draft’s, one in review, a rejected one', async () => {
    const cover = mediaSchema.parse((await upload(creator, 'image', png, 'draft cover.png', 'image/png')).json());
    const { versionId } = await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Draft cover course' });
    const unknown = await fetchBytes(t.client(), '/api/media/00000000-0000-4000-8000-000000000000');
    for (const status of ['draft', 'in_review', 'rejected'] as const) {
      await t.ctx.db.update(courseVersions).set({ coverMediaId: cover._id, status }).where(eq(courseVersions.id, versionId));
      const res = await fetchBytes(t.client(), coverUrl(cover._id));
      expect(res.statusCode, status).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    // Its creator still sees it, privately.
    const own = await fetchBytes(creator, `/api/creator/media/${cover._id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=300');
  });

  it('never serves one creator’s upload to another', async () => {
    const res = await fetchBytes(otherCreator, video.url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe((await fetchBytes(otherCreator, '/api/creator/media/00000000-0000-4000-8000-000000000000')).body);
    expect((await fetchBytes(otherCreator, video.url, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await fetchBytes(t.client(), video.url)).statusCode).toBe(401);
    expect((await fetchBytes(await t.signIn('learner@parley.test'), video.url)).statusCode).toBe(401);
    expect((await fetchBytes(creator, video.url)).statusCode).toBe(200);
  });

  it('answers 404 when the stored file is gone', async () => {
    const row = await storeUpload(t.ctx, { ownerId: null, kind: 'image', name: 'gone.png', data: png });
    await createLiveCourse(t.ctx.db, { subject: 'English', title: 'Gone cover', coverMediaId: row.id });
    expect((await fetchBytes(t.client(), coverUrl(row.id))).statusCode).toBe(200);
    await t.ctx.media.remove(row.storageKey);
    expect((await fetchBytes(t.client(), coverUrl(row.id))).statusCode).toBe(404);
  });
});

describe('a video’s length', () => {
  it('is read from the file’s header, whether it arrives whole or as a stream; a file that does not say has none', async () => {
    // The seeded lesson videos run 5.008 s.
    const webm = await readFile(path.join(seedMediaDir(), 'everyday-english.webm'));
    const whole = await storeUpload(t.ctx, { ownerId: null, kind: 'video', name: 'lesson.webm', data: webm });
    const streamed = await storeUpload(t.ctx, { ownerId: null, kind: 'video', name: 'lesson.webm', data: Readable.from([webm.subarray(0, 777), webm.subarray(777)]) });
    expect([whole.durationSeconds, streamed.durationSeconds]).toEqual([5, 5]);
    expect(toMedia(whole).durationSeconds).toBe(5);
    // An MP4 signature and noise: accepted as a video, its length unknown.
    expect((await storeUpload(t.ctx, { ownerId: null, kind: 'video', name: 'noise.mp4', data: mp4 })).durationSeconds).toBeNull();
    expect((await storeUpload(t.ctx, { ownerId: null, kind: 'pdf', name: 'doc.pdf', data: pdf })).durationSeconds).toBeNull();
  });
});

describe('the service for other features', () => {
  it('stores bytes or a stream, and finds rows by id', async () => {
    const fromBuffer = await storeUpload(t.ctx, { ownerId: null, kind: 'pdf', name: 'seed.pdf', data: pdf });
    const fromStream = await storeUpload(t.ctx, { ownerId: null, kind: 'video', name: 'seed.mp4', data: Readable.from([mp4.subarray(0, 1000), mp4.subarray(1000)]) });
    expect(fromStream).toMatchObject({ kind: 'video', contentType: 'video/mp4', sizeBytes: mp4.length, ownerId: null });
    expect(toMedia(fromBuffer).url).toBe(`/api/creator/media/${fromBuffer.id}`);
    const found = await findMediaByIds(t.ctx.db, [fromBuffer.id, fromStream.id, fromBuffer.id]);
    expect(found.map((row) => row.id).sort()).toEqual([fromBuffer.id, fromStream.id].sort());
    expect(await findMediaByIds(t.ctx.db, [])).toEqual([]);
    await expect(storeUpload(t.ctx, { ownerId: null, kind: 'image', name: 'x.png', data: Readable.from([pngOfSize(5 * MB + 1)]) })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });
});

describe('the local media store', () => {
  it('writes bytes and files, reads all or a range, and removes', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'parley-store-'));
    try {
      const store = createLocalMediaStore(root);
      await store.put('pdf/a.pdf', pdf, 'application/pdf');
      expect(await text(await store.read('pdf/a.pdf'))).toBe(pdf.toString());
      expect(await text(await store.read('pdf/a.pdf', { start: 1, end: 3 }))).toBe('PDF');
      const source = path.join(root, 'source.bin');
      await writeFile(source, mp4);
      await store.put('video/b.mp4', { filePath: source }, 'video/mp4');
      expect((await stat(path.join(root, 'video/b.mp4'))).size).toBe(mp4.length);
      await store.remove('pdf/a.pdf');
      await store.remove('pdf/a.pdf');
      await expect(store.read('pdf/a.pdf')).rejects.toBeInstanceOf(MediaMissingError);
      await expect(store.put('../outside.pdf', pdf, 'application/pdf')).rejects.toThrow(/escapes the store/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the S3 media store', () => {
  function fakeS3(answer: (command: S3Command) => unknown = () => ({})) {
    const sent: S3Command[] = [];
    return { sent, client: { send: async (command: S3Command) => (sent.push(command), answer(command)) } };
  }

  it('puts bytes and streamed files with their type and length', async () => {
    const s3 = fakeS3();
    const store = createS3MediaStore({ client: s3.client, bucket: 'media' });
    await store.put('pdf/a.pdf', pdf, 'application/pdf');
    const source = path.join(dataDir, 'upload-source.mp4');
    await writeFile(source, mp4);
    await store.put('video/b.mp4', { filePath: source }, 'video/mp4');
    await store.remove('pdf/a.pdf');
    const [putBytes, putFile, remove] = s3.sent;
    expect(putBytes).toBeInstanceOf(PutObjectCommand);
    expect(putBytes!.input).toEqual({ Bucket: 'media', Key: 'pdf/a.pdf', ContentType: 'application/pdf', Body: pdf, ContentLength: pdf.length });
    expect(putFile!.input).toMatchObject({ Bucket: 'media', Key: 'video/b.mp4', ContentType: 'video/mp4', ContentLength: mp4.length });
    expect((putFile!.input as { Body: unknown }).Body).toBeInstanceOf(Readable);
    (putFile!.input as { Body: Readable }).Body.destroy();
    expect(remove).toBeInstanceOf(DeleteObjectCommand);
    expect(remove!.input).toEqual({ Bucket: 'media', Key: 'pdf/a.pdf' });
  });

  it('gives up on a store that takes the connection but never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const client = createS3Client(
        { bucket: 'media', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true },
        { connectMs: 1_000, idleMs: 300 },
      );
      const store = createS3MediaStore({ client, bucket: 'media' });
      const startedAt = Date.now();
      await expect(store.put('image/a.png', png, 'image/png')).rejects.toThrow();
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      client.destroy();
    } finally {
      silent.close();
    }
  });

  it('reads a byte range through GetObject’s Range, and reports a missing key', async () => {
    const s3 = fakeS3((command) => {
      if (command.input.Key === 'gone') throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      return { Body: Readable.from([Buffer.from('bytes')]) };
    });
    const store = createS3MediaStore({ client: s3.client, bucket: 'media' });
    expect(await text(await store.read('video/b.mp4', { start: 5, end: 9 }))).toBe('bytes');
    await store.read('video/b.mp4');
    expect(s3.sent[0]).toBeInstanceOf(GetObjectCommand);
    expect(s3.sent[0]!.input).toEqual({ Bucket: 'media', Key: 'video/b.mp4', Range: 'bytes=5-9' });
    expect(s3.sent[1]!.input).toEqual({ Bucket: 'media', Key: 'video/b.mp4' });
    await expect(store.read('gone')).rejects.toBeInstanceOf(MediaMissingError);
  });
});
