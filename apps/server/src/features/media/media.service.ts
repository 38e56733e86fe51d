import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import parseRange from 'range-parser';
import { MEDIA_EXTENSIONS, MEDIA_LIMITS, type Media, type MediaKind } from '@parley/domain/courses';
import { messages } from '@parley/domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { MediaMissingError, type ByteRange, type MediaSource } from '../../media/media-store';
import { videoLengthSeconds } from '../../media/video-length';
import { nameWithExtension } from '../../lib/file-names';
import * as repo from './media.repository';

export type { MediaRow } from './media.repository';
type MediaRow = repo.MediaRow;

/** The largest upload of any kind: the multipart parser's own ceiling. */
export const MEDIA_UPLOAD_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS).map((limit) => limit.maxBytes));
const FILE_NAME_MAX = 200;
const MB = 1024 * 1024;

const tooLargeMessages: Record<MediaKind, string> = {
  video: `Videos can be at most ${MEDIA_LIMITS.video.maxBytes / MB} MB.`,
  pdf: `PDFs can be at most ${MEDIA_LIMITS.pdf.maxBytes / MB} MB.`,
  image: `Images can be at most ${MEDIA_LIMITS.image.maxBytes / MB} MB.`,
  captions: `Caption files can be at most ${MEDIA_LIMITS.captions.maxBytes / MB} MB.`,
};
// The accepted types of MEDIA_LIMITS, in words (media.test.ts checks they agree).
export const acceptedTypesText: Record<MediaKind, string> = {
  video: 'an MP4 or WebM video',
  pdf: 'a PDF',
  image: 'a PNG, JPEG or WebP image',
  captions: 'a WebVTT (.vtt) captions file',
};
const tooLarge = (kind: MediaKind) => new AppError('FILE_TOO_LARGE', tooLargeMessages[kind], { file: 'Too large' });
const unsupported = (kind: MediaKind) =>
  new AppError('UNSUPPORTED_FILE', `Upload ${acceptedTypesText[kind]}: this file’s content is not one.`, { file: 'Type not accepted' });
const fileNotFound = () => notFound('File not found');

export type UploadInput = {
  ownerId: string | null;
  kind: MediaKind;
  /** The sender's file name, shown back and offered on download; cleaned here. */
  name: string;
  /** Bytes in memory (seeds, small files) or a stream (an upload), which is never held whole in memory. */
  data: Buffer | Readable;
};

/**
 * Stores an upload and records it: its size within the kind's limit, its type read from its
 * content (the declared type and the name are the sender's word), under `kind/uuid.ext`.
 */
export async function storeUpload(ctx: AppContext, upload: UploadInput): Promise<MediaRow> {
  const staged = await stage(ctx, upload.data, upload.kind);
  try {
    if (staged.sizeBytes > MEDIA_LIMITS[upload.kind].maxBytes) throw tooLarge(upload.kind);
    const detected = await detectType(staged.source, upload.kind);
    const accepted: readonly string[] = MEDIA_LIMITS[upload.kind].types;
    if (!detected || !accepted.includes(detected.mime)) throw unsupported(upload.kind);
    const durationSeconds = upload.kind === 'video' ? await videoLengthSeconds(staged.source, detected.mime) : null;
    const storageKey = `${upload.kind}/${randomUUID()}.${detected.ext}`;
    await ctx.media.put(storageKey, staged.source, detected.mime).catch((error: unknown) => {
      throw storeUnreachable(error) ? new AppError('STORAGE_UNAVAILABLE', messages.storageUnavailable, undefined, { cause: error }) : error;
    });
    try {
      return await repo.insertMedia(ctx.db, {
        ownerId: upload.ownerId,
        kind: upload.kind,
        contentType: detected.mime,
        sizeBytes: staged.sizeBytes,
        name: cleanFileName(upload.name, detected.ext),
        storageKey,
        durationSeconds,
      });
    } catch (error) {
      await ctx.media.remove(storageKey).catch(() => {});
      throw error;
    }
  } finally {
    await staged.discard();
  }
}

/** The file's type, read from its content: WebVTT by its own signature (file-type reads binary formats only). */
async function detectType(source: MediaSource, kind: MediaKind): Promise<{ mime: string; ext: string } | undefined> {
  if (kind === 'captions') return isWebVtt(Buffer.isBuffer(source) ? source : await readFile(source.filePath)) ? { mime: 'text/vtt', ext: 'vtt' } : undefined;
  return Buffer.isBuffer(source) ? fileTypeFromBuffer(source) : fileTypeFromFile(source.filePath);
}

/** WebVTT: UTF-8 text starting (after an optional byte-order mark) with WEBVTT and a space, a tab or a line end. */
export function isWebVtt(bytes: Buffer): boolean {
  try {
    return /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return false;
  }
}

type Staged = { source: MediaSource; sizeBytes: number; discard: () => Promise<void> };

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * A store that did not answer, or answered that it is failing (a timeout, the network, a 5xx): worth
 * trying again later. Anything else (a bucket refused for its configuration, a full disk) is ours to fix.
 */
function storeUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error as Error & { code?: unknown; $metadata?: { httpStatusCode?: number } };
  if (error.name === 'TimeoutError' || (typeof details.code === 'string' && NETWORK_ERRORS.has(details.code))) return true;
  return (details.$metadata?.httpStatusCode ?? 0) >= 500;
}

/** An upload being received is this old at most; an older temporary file was left by a process that died receiving it. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** Removes the temporary files of uploads a crash cut off (at start); those still arriving elsewhere are younger. */
export async function removeStaleUploads(dataDir: string, now: Date): Promise<number> {
  const dir = path.join(dataDir, 'tmp');
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith('upload-'))) {
    const file = path.join(dir, name);
    const modified = await stat(file).then((s) => s.mtimeMs, () => now.getTime());
    if (now.getTime() - modified < STALE_UPLOAD_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** A stream goes to a temporary file under DATA_DIR/tmp, counted as it arrives and cut off at the limit. */
async function stage(ctx: AppContext, data: Buffer | Readable, kind: MediaKind): Promise<Staged> {
  if (Buffer.isBuffer(data)) return { source: data, sizeBytes: data.length, discard: async () => {} };
  const dir = path.join(ctx.config.dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `upload-${randomUUID()}`);
  const discard = () => rm(filePath, { force: true });
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      // Stops at the first byte over the limit, so an oversized upload is never written out whole.
      if (sizeBytes > MEDIA_LIMITS[kind].maxBytes) callback(tooLarge(kind));
      else callback(null, chunk);
    },
  });
  const out = createWriteStream(filePath);
  try {
    await pipeline(data, counter, out);
  } catch (error) {
    // pipeline can reject before the file is closed, or even created: removed earlier, it could appear afterwards.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await discard();
    // A failed system call (the disk) is ours; a stream that broke otherwise is a cut-off or malformed upload.
    if (error instanceof AppError || (error instanceof Error && 'syscall' in error)) throw error;
    throw new AppError('VALIDATION_FAILED', 'The upload did not arrive whole. Please try again.', { file: 'Incomplete upload' });
  }
  // @fastify/multipart ends a file at its own size limit instead of failing it.
  if ((data as Readable & { truncated?: boolean }).truncated) {
    await discard();
    throw tooLarge(kind);
  }
  return { source: { filePath }, sizeBytes, discard };
}

/** The name without folders, control or direction-changing characters, ending in the detected type's extension; never empty. */
function cleanFileName(name: string, ext: string): string {
  const base = path.posix.basename(name.replaceAll('\\', '/')).replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '').trim();
  return nameWithExtension(base || 'upload', ext, FILE_NAME_MAX);
}

export function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  return repo.findMedia(db, id);
}

export function findMediaByIds(db: Db, ids: readonly string[]): Promise<MediaRow[]> {
  return repo.findMediaByIds(db, ids);
}

/** Where anyone fetches a course's cover image (GET /api/media/:id serves approved versions' covers only). */
export const coverUrl = (mediaId: string): string => `/api/media/${mediaId}`;

/** Where the creator who uploaded a file fetches it back. */
export const creatorMediaUrl = (mediaId: string): string => `/api/creator/media/${mediaId}`;

/** An upload as its creator sees it: read back through the creator's own route until a version makes it its cover. */
export function toMedia(media: MediaRow): Media {
  return {
    _id: media.id,
    kind: media.kind,
    contentType: media.contentType,
    sizeBytes: media.sizeBytes,
    name: media.name,
    durationSeconds: media.durationSeconds,
    url: creatorMediaUrl(media.id),
  };
}

/**
 * GET /api/media/:id: an image that is the cover of an approved course version (an old one too).
 * Any other file (a cover no moderator approved yet, a bonus image, an upload not yet used, a
 * lesson file), or none, is the same 404: shared caches keep what this route serves for a year.
 */
export async function publicCover(ctx: AppContext, id: string): Promise<MediaRow> {
  const media = await repo.findMedia(ctx.db, id);
  if (media?.kind !== 'image' || !(await repo.isCoverOfApprovedVersion(ctx.db, id))) throw fileNotFound();
  return media;
}

/** A creator's own upload; anyone else's is a 404, as if it did not exist. */
export async function creatorUpload(ctx: AppContext, actor: AuthContext, id: string): Promise<MediaRow> {
  const media = await repo.findMedia(ctx.db, id);
  if (!media || media.ownerId !== actor.userId) throw fileNotFound();
  return media;
}

export type SendMediaOptions = {
  download?: boolean;
  fileName?: string;
  /** Only the public cover route: shared caches may keep the file for a year. Everything else is private to the viewer. */
  publicCache?: boolean;
};

/**
 * Answers with the file's bytes, after the caller's own access check: the whole file, or one
 * byte range (206) so video seeks, or 416 for a range outside it. Uploads never change under an
 * id, so the id is the ETag.
 */
export async function sendMedia(request: FastifyRequest, reply: FastifyReply, ctx: AppContext, media: MediaRow, options: SendMediaOptions = {}): Promise<FastifyReply> {
  const size = media.sizeBytes;
  const etag = `"${media.id}"`;
  const lastModified = media.createdAt.toUTCString();
  reply.header('accept-ranges', 'bytes');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).header('etag', etag).send();

  const range = requestedRange(request, size, etag, lastModified);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .send({ code: 'RANGE_NOT_SATISFIABLE', message: `The file has ${size} bytes; the requested range is outside it.` });
  }
  // HEAD answers the headers without fetching the object (Fastify drops the body of a HEAD;
  // an empty stream keeps the Content-Length given here).
  const body = request.method === 'HEAD' ? Readable.from([]) : await readObject(request, ctx, media, range);
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply
    .type(media.contentType)
    .header('content-length', range ? range.end - range.start + 1 : size)
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', options.publicCache ? 'public, max-age=31536000, immutable' : 'private, max-age=300')
    .header('content-disposition', contentDisposition(options.download ? 'attachment' : 'inline', nameWithExtension(options.fileName ?? media.name, MEDIA_EXTENSIONS[media.contentType] ?? 'bin', FILE_NAME_MAX)))
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** One satisfiable byte range, none (the whole file), or unsatisfiable. Several ranges get the whole file. */
function requestedRange(request: FastifyRequest, size: number, etag: string, lastModified: string): ByteRange | undefined | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header) return undefined;
  // If-Range names the version the client holds part of; another version gets the whole file.
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== etag && ifRange !== lastModified) return undefined;
  const ranges = parseRange(size, header, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  // -2: a malformed header, which HTTP says to ignore.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return { start: ranges[0]!.start, end: ranges[0]!.end };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
}

async function readObject(request: FastifyRequest, ctx: AppContext, media: MediaRow, range: ByteRange | undefined) {
  try {
    return await ctx.media.read(media.storageKey, range);
  } catch (error) {
    if (!(error instanceof MediaMissingError)) throw error;
    request.log.error({ mediaId: media.id, storageKey: media.storageKey }, 'media row without its file');
    throw fileNotFound();
  }
}

/** inline or attachment, with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  // Half of a UTF-16 pair has no UTF-8 form (encodeURIComponent would throw).
  const exact = encodeURIComponent(name.replace(/\p{Cs}/gu, '\ufffd')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
