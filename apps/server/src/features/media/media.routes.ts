import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaKinds, mediaSchema, type MediaKind } from '@parley/domain/courses';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { authOf } from '../../http/auth';
import * as media from './media.service';

const params = z.object({ id: z.uuid() });
const kindSchema = mediaSchema.shape.kind;
const kindChoices = `${mediaKinds.slice(0, -1).join(', ')} or ${mediaKinds.at(-1)}`;

/** GET /api/media/:id: cover images, public; every other file is served by the feature that guards it. */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/:id', { schema: { tags: ['media'], params } }, async (request, reply) =>
    media.sendMedia(request, reply, ctx, await media.publicCover(ctx, request.params.id), { publicCache: true }),
  );
};

/** /api/creator/media: a creator uploads lesson videos, captions, PDFs and covers, and reads back their own. */
export const creatorMediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await media.removeStaleUploads(ctx.config.dataDir, ctx.now());
  // One file and its kind. The byte ceiling is the largest kind's (200 MB video); each kind's own
  // limit is enforced as the file streams to disk, so nothing is held in memory.
  await app.register(fastifyMultipart, {
    limits: { fileSize: media.MEDIA_UPLOAD_MAX_BYTES + 1, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 20 },
  });
  const asCreator = app.requireRole('creator');

  // Form fields: kind (video | pdf | image | captions), then file.
  app.post(
    '/',
    { onRequest: asCreator, schema: { tags: ['media'], consumes: ['multipart/form-data'], response: { 201: mediaSchema } } },
    async (request, reply) => {
      const { kind, part } = await fileOfForm(request);
      const row = await media.storeUpload(ctx, { ownerId: authOf(request).userId, kind, name: part.filename, data: part.file });
      return reply.status(201).send(media.toMedia(row));
    },
  );

  app.get('/:id', { onRequest: asCreator, schema: { tags: ['media'], params } }, async (request, reply) =>
    media.sendMedia(request, reply, ctx, await media.creatorUpload(ctx, authOf(request), request.params.id)),
  );
};

/** Reads the form up to its file, which is left for the caller to stream. `kind` comes first: the size limit depends on it. */
async function fileOfForm(request: FastifyRequest): Promise<{ kind: MediaKind; part: MultipartFile }> {
  const parts = request.parts();
  let kind: MediaKind | undefined;
  for (;;) {
    const next = await parts.next().catch((error: { statusCode?: number }) => {
      // A broken form is the sender's mistake: a 400, unless the plugin already chose a 4xx.
      if (error.statusCode && error.statusCode < 500) throw error;
      throw new AppError('VALIDATION_FAILED', 'Send the file as a multipart form.', { file: 'Unreadable form' });
    });
    if (next.done) throw new AppError('VALIDATION_FAILED', 'Attach a file.', { file: 'Required' });
    const part = next.value;
    if (part.type === 'file') {
      if (part.fieldname === 'file' && kind) return { kind, part };
      part.file.resume(); // drained, not stored
      throw new AppError('VALIDATION_FAILED', `Send the kind field (${kindChoices}), then the file in a field named file.`, { kind: 'Required before the file' });
    }
    if (part.fieldname !== 'kind') continue;
    const parsed = kindSchema.safeParse(part.value);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', `kind: choose ${kindChoices}.`, { kind: `Choose ${kindChoices}` });
    kind = parsed.data;
  }
}
