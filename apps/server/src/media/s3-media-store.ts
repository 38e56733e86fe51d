import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { MediaMissingError, type MediaStore } from './media-store';

export type S3Command = PutObjectCommand | GetObjectCommand | DeleteObjectCommand;

/** The one method of S3Client the store uses, so tests can hand it a recording fake. */
export type S3Sender = { send(command: S3Command): Promise<unknown> };

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means AWS. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean;
};

/** A store that takes the connection but never answers fails the request instead of holding it (and its temporary file) for ever. */
const S3_TIMEOUTS = { connectMs: 5_000, idleMs: 60_000 };

export function createS3Client(settings: S3Settings, timeouts = S3_TIMEOUTS): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // 5 s to connect, 60 s without a byte either way.
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
    // The SDK's default checksums stream uploads as aws-chunked, which several S3-compatible
    // stores refuse; checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in one bucket, under the media feature's keys. Every node sees the same files. */
export function createS3MediaStore({ client, bucket }: { client: S3Sender; bucket: string }): MediaStore {
  return {
    kind: 's3',
    async put(key, data, contentType) {
      // A file is streamed, with its length, so a 200 MB video is never held in memory.
      const body = Buffer.isBuffer(data)
        ? { Body: data, ContentLength: data.length }
        : { Body: createReadStream(data.filePath), ContentLength: (await stat(data.filePath)).size };
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ...body }));
    },
    async read(key, range) {
      const output = (await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }))
        .catch((error: { name?: string }) => {
          throw error.name === 'NoSuchKey' || error.name === 'NotFound' ? new MediaMissingError(key) : error;
        })) as GetObjectCommandOutput;
      if (!(output.Body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
      return output.Body;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
