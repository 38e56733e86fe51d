import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponse } from '@parley/domain/booking';
import {
  curriculumBookingPayload,
  curriculumOverviewResponse,
  curriculumProgressResponse,
  curriculumReviewPayload,
  curriculumSessionResponse,
  curriculumSessionsQuery,
  curriculumSessionsResponse,
} from '@parley/domain/curriculum';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as curriculum from './curriculum.service';

const sessionParams = z.object({ id: z.uuid() });

// The learner's path, progress and booking; a curriculum session's topic for its learner and
// tutor (anyone else is told it does not exist); the tutor's mark after the session.
export const curriculumRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const tags = ['curriculum'];

  app.get('/', { onRequest: asLearner, schema: { tags, response: { 200: curriculumOverviewResponse } } }, async (request) => curriculum.overview(ctx, authOf(request).userId));

  app.get('/progress', { onRequest: asLearner, schema: { tags, response: { 200: curriculumProgressResponse } } }, async (request) => curriculum.progress(ctx, authOf(request).userId));

  app.post('/sessions', { onRequest: asLearner, schema: { tags, body: curriculumBookingPayload, response: { 201: bookingResponse } } }, async (request, reply) =>
    reply.status(201).send(await curriculum.book(ctx, authOf(request), request.body, request.log)),
  );

  // A list page's topics at once (the tutor's and the learner's session lists).
  app.get(
    '/sessions',
    { onRequest: app.requireRole('learner', 'teacher'), schema: { tags, querystring: curriculumSessionsQuery, response: { 200: curriculumSessionsResponse } } },
    async (request) => curriculum.sessionViews(ctx, authOf(request), request.query.ids),
  );

  app.get(
    '/sessions/:id',
    { onRequest: app.requireRole('learner', 'teacher'), schema: { tags, params: sessionParams, response: { 200: curriculumSessionResponse } } },
    async (request) => curriculum.sessionView(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/sessions/:id/review',
    { onRequest: app.requireRole('teacher'), schema: { tags, params: sessionParams, body: curriculumReviewPayload, response: { 200: curriculumSessionResponse } } },
    async (request) => curriculum.review(ctx, authOf(request), request.params.id, request.body),
  );
};
