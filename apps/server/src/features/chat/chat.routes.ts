import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_FILE_LIMIT, CHAT_FILE_MAX_BYTES, chatMessageSchema, chatRoomSchema, initiateRoomPayload, roomThreadQuery, roomThreadResponse, updateMessagePayload } from '@parley/domain/chat';
import { messages } from '@parley/domain/messages';
import { isSingleLineText } from '@parley/domain/text';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { authOf } from '../../http/auth';
import * as chat from './chat.service';

// The chat calls, under the paths the web app uses. Learners, kids (x-parley-as: kid) and tutors.
export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_FILE_MAX_BYTES + 1, files: 1, fields: 5 } });
  const asMember = app.requireRole('learner', 'kid', 'teacher');
  // Files per person (a kid acting is its own), counted before the upload is read; shared through
  // Redis when it is configured, like the other limits.
  const perPersonFileLimit = {
    rateLimit: {
      max: CHAT_FILE_LIMIT.max,
      timeWindow: CHAT_FILE_LIMIT.windowMin * 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
      errorResponseBuilder: (_request: FastifyRequest, limit: { ttl: number }) => new AppError('RATE_LIMITED', messages.sendingFilesTooFast(Math.max(1, Math.ceil(limit.ttl / 60_000)))),
    },
  };

  app.post(
    '/initiate',
    { onRequest: app.requireRole('learner', 'kid'), schema: { tags: ['chat'], body: initiateRoomPayload, response: { 200: z.object({ room: chatRoomSchema }) } } },
    async (request) => ({ room: await chat.initiateRoom(ctx, authOf(request), request.body.teacherId) }),
  );

  app.get('/', { onRequest: asMember, schema: { tags: ['chat'], response: { 200: z.object({ rooms: z.array(chatRoomSchema) }) } } }, async (request) => ({
    rooms: await chat.listRooms(ctx, authOf(request)),
  }));

  app.get(
    '/:id',
    {
      onRequest: asMember,
      schema: {
        tags: ['chat'],
        params: z.object({ id: z.uuid() }),
        querystring: roomThreadQuery,
        response: { 200: roomThreadResponse },
      },
    },
    async (request) => chat.roomMessages(ctx, authOf(request), request.params.id, request.query.before),
  );

  app.put(
    '/message',
    {
      onRequest: app.requireRole('teacher', 'learner', 'kid'),
      schema: { tags: ['chat'], body: updateMessagePayload, response: { 200: z.object({ message: chatMessageSchema, toast: z.string() }) } },
    },
    async (request) => chat.updateMessageStatus(ctx, authOf(request), request.body, request.log),
  );

  // Form fields chatFile, chatroomId, role=Learner.
  app.post('/sendFile', { onRequest: asMember, config: perPersonFileLimit, schema: { tags: ['chat'], consumes: ['multipart/form-data'] } }, async (request) => {
    const part = await request.file().catch((error: { statusCode?: number }) => {
      // A broken form is the sender's mistake: a 400, unless the plugin already chose a 4xx.
      if (error.statusCode && error.statusCode < 500) throw error;
      throw new AppError('VALIDATION_FAILED', 'Send the file as a multipart form.', { chatFile: 'Unreadable form' });
    });
    if (!part) throw new AppError('VALIDATION_FAILED', 'Attach a file.', { chatFile: 'Required' });
    const data = await part.toBuffer().catch(() => {
      throw new AppError('VALIDATION_FAILED', 'Files can be at most 5 MB.', { chatFile: 'Too large' });
    });
    const field = (name: string) => {
      const f = part.fields[name];
      return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
    };
    const chatroomId = z.uuid().safeParse(field('chatroomId'));
    if (part.fieldname !== 'chatFile' || !chatroomId.success) throw new AppError('VALIDATION_FAILED', 'Send chatFile with a chatroomId.', { chatroomId: 'Required' });
    if (!isSingleLineText(part.filename)) throw new AppError('VALIDATION_FAILED', 'Rename the file: its name has characters that are not allowed.', { chatFile: 'File name not allowed' });
    return { message: await chat.sendFile(ctx, authOf(request), { chatroomId: chatroomId.data, fileName: part.filename, mime: part.mimetype, data }) };
  });

  app.get('/files/:id', { onRequest: asMember, schema: { tags: ['chat'], params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const file = await chat.fileOfMessage(ctx, authOf(request), request.params.id);
    return reply
      .type(file.mime)
      .header('content-disposition', `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file.absolutePath));
  });
};
