import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingResponse, sessionBookingPayload, sessionListQuery, sessionListResponse } from '@parley/domain/booking';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as booking from './booking.service';

// A learner books for themselves; a kid session (x-parley-as: kid) books for that kid.
export const bookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asAttendee = app.requireRole('learner', 'kid');

  app.post(
    '/',
    { onRequest: asAttendee, schema: { tags: ['booking'], body: sessionBookingPayload, response: { 201: bookingResponse } } },
    async (request, reply) => reply.status(201).send(await booking.bookSession(ctx, authOf(request), request.body)),
  );

  app.get(
    '/',
    { onRequest: asAttendee, schema: { tags: ['booking'], querystring: sessionListQuery, response: { 200: sessionListResponse } } },
    async (request) => booking.listMySessions(ctx, authOf(request), request.query),
  );
};
