import { copyFile, mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes [start, end], both inclusive, as HTTP ranges count them. */
export type ByteRange = { start: number; end: number };

/** What `put` stores: bytes in memory, or a file on disk (large uploads are streamed to one first). */
export type MediaSource = Buffer | { filePath: string };

/**
 * Where uploaded media live: the local data dir by default, an S3-compatible object store by
 * configuration. Keys are opaque paths the media feature chooses; metadata lives in the database.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: MediaSource, contentType: string): Promise<void>;
  /** The object's bytes, or only `range` of them; rejects with MediaMissingError when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removing an object that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** The database names a file the store does not hold. */
export class MediaMissingError extends Error {
  constructor(readonly key: string) {
    super(`media object missing: ${key}`);
    this.name = 'MediaMissingError';
  }
}

/** Files under `root` (DATA_DIR/media by default). One node, or a shared volume. */
export function createLocalMediaStore(root: string): MediaStore {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`media key escapes the store: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(data)) await writeFile(file, data);
      else await copyFile(data.filePath, file);
    },
    async read(key, range) {
      // Opened here, so a missing file rejects now instead of failing a response already under way.
      const handle = await open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new MediaMissingError(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
