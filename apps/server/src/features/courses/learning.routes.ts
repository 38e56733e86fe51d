import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsStartPayload,
  analyticsUpdatePayload,
  bonusListResponse,
  certificateCodeSchema,
  certificatesResponse,
  certificateVerificationSchema,
  completeLessonPayload,
  courseProgressSchema,
  downloadBonusQuery,
  getVideosQuery,
  lessonProgressSchema,
  libraryVideosResponse,
} from '@parley/domain/courses';
import type { Role } from '@parley/domain/roles';
import type { AppContext } from '../../context';
import { authOf, type AuthContext } from '../../http/auth';
import { sendMedia } from '../media/media.service';
import * as learning from './learning.service';

const idParams = z.object({ id: z.uuid() });

/** POST start, PUT update, GET course/{id}, POST {id}/complete: a learner's time and progress. */
export const courseAnalyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const tags = ['course-analytics'];

  app.post('/start', { onRequest: asLearner, schema: { tags, body: analyticsStartPayload, response: { 200: lessonProgressSchema } } }, async (request) =>
    learning.startLesson(ctx, authOf(request).userId, request.body),
  );

  app.put('/update', { onRequest: asLearner, schema: { tags, body: analyticsUpdatePayload, response: { 200: lessonProgressSchema } } }, async (request) =>
    learning.recordLessonBeat(ctx, authOf(request).userId, request.body),
  );

  app.get('/course/:id', { onRequest: asLearner, schema: { tags, params: idParams, response: { 200: courseProgressSchema } } }, async (request) =>
    learning.courseProgress(ctx, authOf(request).userId, request.params.id),
  );

  app.post(
    '/:id/complete',
    { onRequest: asLearner, schema: { tags, params: idParams, body: completeLessonPayload, response: { 200: courseProgressSchema } } },
    async (request) => learning.completeLesson(ctx, authOf(request).userId, { courseId: request.params.id, lessonId: request.body.lessonId }),
  );
};

/** The roles whose session may open a lesson file beyond the previews anyone may open. */
const lessonFileRoles: Role[] = ['learner', 'creator', 'moderator'];

/**
 * GET /api/courses/{courseId}/lessons/{lessonId}/file[?versionId]: public (preview lessons open
 * logged out too), so it reads every role session the request carries instead of requiring one.
 */
export const lessonFileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const gates = lessonFileRoles.map((role) => app.requireRole(role));
  const viewersOf = new WeakMap<FastifyRequest, AuthContext[]>();
  /** An onRequest hook: collects the live sessions of the roles above (x-parley-as narrows them); none is fine. */
  const readSessions = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewers: AuthContext[] = [];
    for (const gate of gates) {
      request.auth = null;
      const admitted = await gate(request, reply).then(
        () => true,
        () => false,
      );
      if (admitted && request.auth) viewers.push(request.auth);
    }
    request.auth = viewers[0] ?? null;
    viewersOf.set(request, viewers);
  };

  // A lesson's file (its video or PDF) and a video lesson's captions, to the same viewers.
  for (const file of ['file', 'captions'] as const) {
    app.get(
      `/:courseId/lessons/:lessonId/${file}`,
      {
        onRequest: readSessions,
        schema: {
          tags: ['courses'],
          params: z.object({ courseId: z.uuid(), lessonId: z.uuid() }),
          querystring: z.object({ versionId: z.uuid().optional() }),
        },
      },
      async (request, reply) => {
        const media = await learning.lessonFile(ctx, viewersOf.get(request) ?? [], { ...request.params, versionId: request.query.versionId }, file);
        return sendMedia(request, reply, ctx, media, {});
      },
    );
  }
};

const downloadFlag = z.enum(['0', '1', 'true', 'false']).optional();

/** The learner's certificates, their PDFs, and the public check by code. */
export const certificateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const tags = ['certificates'];

  app.get('/', { onRequest: asLearner, schema: { tags, response: { 200: certificatesResponse } } }, async (request) =>
    learning.listCertificates(ctx, authOf(request).userId),
  );

  app.get('/:id/pdf', { onRequest: asLearner, schema: { tags, params: idParams, querystring: z.object({ download: downloadFlag }) } }, async (request, reply) => {
    const { code, pdf } = await learning.certificatePdf(ctx, authOf(request).userId, request.params.id);
    const disposition = request.query.download === '1' || request.query.download === 'true' ? 'attachment' : 'inline';
    return reply
      .type('application/pdf')
      .header('content-disposition', `${disposition}; filename="parley-certificate-${code}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  // Codes are printed in capitals; one typed in lower case still checks.
  const codeParam = z.object({ code: z.string().max(20).transform((code) => code.trim().toUpperCase()).pipe(certificateCodeSchema) });
  app.get('/verify/:code', { schema: { tags, params: codeParam, response: { 200: certificateVerificationSchema } } }, async (request) =>
    learning.verifyCertificate(ctx, request.params.code),
  );
};

/** Bonus material: the files a learner's courses unlock, served only to them. */
export const bonusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const tags = ['courses'];

  app.get('/get-bonus', { onRequest: asLearner, schema: { tags, response: { 200: bonusListResponse } } }, async (request) =>
    learning.listBonuses(ctx, authOf(request).userId),
  );

  app.get(
    '/download-bonus',
    { onRequest: asLearner, schema: { tags, querystring: downloadBonusQuery.extend({ courseId: z.uuid().optional() }) } },
    async (request, reply) => {
      const { media, fileName } = await learning.bonusFile(ctx, authOf(request).userId, request.query);
      return sendMedia(request, reply, ctx, media, { download: true, fileName });
    },
  );
};

/** The free video library (spec §7.7), for learners and kids. */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearnerOrKid = app.requireRole('learner', 'kid');
  const tags = ['library'];

  app.get('/getVideos', { onRequest: asLearnerOrKid, schema: { tags, querystring: getVideosQuery, response: { 200: libraryVideosResponse } } }, async (request) =>
    learning.listLibraryVideos(ctx, authOf(request).role, request.query.audience),
  );

  app.get('/videos/:id/file', { onRequest: asLearnerOrKid, schema: { tags, params: idParams } }, async (request, reply) => {
    const media = await learning.libraryVideoFile(ctx, authOf(request).role, request.params.id);
    return sendMedia(request, reply, ctx, media, {});
  });
};
