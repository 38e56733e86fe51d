import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes [start, end], both inclusive, as HTTP ranges count them. */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded media live: the local data dir by default, an S3-compatible object store by
 * configuration. Keys are opaque paths the media feature chooses; metadata lives in the database.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or only `range` of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  remove(key: string): Promise<void>;
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
      await writeFile(file, data);
    },
    async read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
