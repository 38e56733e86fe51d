import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponse, sessionBookingPayload, sessionListQuery, sessionListResponse } from '@parley/domain/booking';
import { cancelPreviewResponse, cancelSessionPayload, cancelSessionResponse, rescheduleSessionPayload, rescheduleSessionResponse } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as booking from './booking.service';

const sessionParams = z.object({ id: z.uuid() });

// A learner books for themselves; a kid session (x-parley-as: kid) books for that kid.
// Cancelling: the session's learner (a kid, or the kid's parent) or its tutor; rescheduling: the
// learner side only. Anyone else is told the session does not exist.
export const bookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asAttendee = app.requireRole('learner', 'kid');

  app.post(
    '/',
    { onRequest: asAttendee, schema: { tags: ['booking'], body: sessionBookingPayload, response: { 201: bookingResponse } } },
    async (request, reply) => reply.status(201).send(await booking.bookSession(ctx, authOf(request), request.body, request.log)),
  );

  app.get(
    '/',
    { onRequest: asAttendee, schema: { tags: ['booking'], querystring: sessionListQuery, response: { 200: sessionListResponse } } },
    async (request) => booking.listMySessions(ctx, authOf(request), request.query),
  );

  const asEitherSide = app.requireRole('learner', 'kid', 'teacher');
  const tags = ['booking'];

  app.get(
    '/:id/cancel-preview',
    { onRequest: asEitherSide, schema: { tags, params: sessionParams, response: { 200: cancelPreviewResponse } } },
    async (request) => booking.cancelPreview(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/:id/cancel',
    { onRequest: asEitherSide, schema: { tags, params: sessionParams, body: cancelSessionPayload, response: { 200: cancelSessionResponse } } },
    async (request) => booking.cancelSession(ctx, authOf(request), request.params.id, request.body.reason, request.log),
  );

  app.post(
    '/:id/reschedule',
    { onRequest: asAttendee, schema: { tags, params: sessionParams, body: rescheduleSessionPayload, response: { 200: rescheduleSessionResponse } } },
    async (request) => booking.rescheduleSession(ctx, authOf(request), request.params.id, request.body, request.log),
  );
};
