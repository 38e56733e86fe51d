import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseDraftPayload,
  courseReviewDetailSchema,
  createCoursePayload,
  creatorCourseSchema,
  creatorCoursesQuery,
  creatorCoursesResponse,
  liveCoursesResponse,
  rejectCoursePayload,
  reviewQueueResponse,
  unpublishCoursePayload,
} from '@parley/domain/courses';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import { sendMedia } from '../media/media.service';
import * as authoring from './course-authoring.service';

const courseParams = z.object({ id: z.uuid() });
const versionParams = z.object({ versionId: z.uuid() });

// The creator's side: their own courses only; another creator's course answers 404.
export const creatorCourseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asCreator = app.requireRole('creator');
  const tags = ['course-authoring'];

  app.get('/courses', { onRequest: asCreator, schema: { tags, querystring: creatorCoursesQuery, response: { 200: creatorCoursesResponse } } }, async (request) =>
    authoring.listCreatorCourses(ctx, authOf(request).userId, request.query),
  );

  app.post('/courses', { onRequest: asCreator, schema: { tags, body: createCoursePayload, response: { 201: creatorCourseSchema } } }, async (request, reply) =>
    reply.status(201).send(await authoring.createCourse(ctx, authOf(request).userId, request.body)),
  );

  app.get('/courses/:id', { onRequest: asCreator, schema: { tags, params: courseParams, response: { 200: creatorCourseSchema } } }, async (request) =>
    authoring.getCreatorCourse(ctx, authOf(request).userId, request.params.id),
  );

  app.post('/courses/:id/edit', { onRequest: asCreator, schema: { tags, params: courseParams, response: { 200: creatorCourseSchema } } }, async (request) =>
    authoring.startEditing(ctx, authOf(request).userId, request.params.id),
  );

  app.put(
    '/courses/:id/draft',
    { onRequest: asCreator, schema: { tags, params: courseParams, body: courseDraftPayload, response: { 200: creatorCourseSchema } } },
    async (request) => authoring.saveDraft(ctx, authOf(request).userId, request.params.id, request.body),
  );

  app.post('/courses/:id/submit', { onRequest: asCreator, schema: { tags, params: courseParams, response: { 200: creatorCourseSchema } } }, async (request) =>
    authoring.submitForReview(ctx, authOf(request).userId, request.params.id),
  );
};

// The moderator's side: the review queue, decisions, and taking a live course down.
export const courseReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asModerator = app.requireRole('moderator');
  const tags = ['course-reviews'];

  app.get('/course-reviews', { onRequest: asModerator, schema: { tags, response: { 200: reviewQueueResponse } } }, async () => authoring.reviewQueue(ctx));

  app.get(
    '/course-reviews/:versionId',
    { onRequest: asModerator, schema: { tags, params: versionParams, response: { 200: courseReviewDetailSchema } } },
    async (request) => authoring.reviewDetail(ctx, request.params.versionId),
  );

  app.get(
    '/course-reviews/:versionId/media/:mediaId',
    { onRequest: asModerator, schema: { tags, params: versionParams.extend({ mediaId: z.uuid() }) } },
    async (request, reply) => sendMedia(request, reply, ctx, await authoring.reviewFile(ctx, request.params.versionId, request.params.mediaId)),
  );

  app.post(
    '/course-reviews/:versionId/approve',
    { onRequest: asModerator, schema: { tags, params: versionParams, response: { 200: courseReviewDetailSchema } } },
    async (request) => authoring.approveVersion(ctx, request.log, authOf(request).userId, request.params.versionId),
  );

  app.post(
    '/course-reviews/:versionId/reject',
    { onRequest: asModerator, schema: { tags, params: versionParams, body: rejectCoursePayload, response: { 200: courseReviewDetailSchema } } },
    async (request) => authoring.rejectVersion(ctx, request.log, authOf(request).userId, request.params.versionId, request.body.reason.trim()),
  );

  app.get('/live-courses', { onRequest: asModerator, schema: { tags, response: { 200: liveCoursesResponse } } }, async () => authoring.liveCourses(ctx));

  app.post(
    '/courses/:id/unpublish',
    { onRequest: asModerator, schema: { tags, params: courseParams, body: unpublishCoursePayload } },
    async (request, reply) => {
      await authoring.unpublishCourse(ctx, request.log, authOf(request).userId, request.params.id, request.body.reason.trim());
      return reply.status(204).send();
    },
  );
};
