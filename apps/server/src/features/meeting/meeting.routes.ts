import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meetingAttendanceSchema, meetingInfoSchema, meetingMessagesResponse } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as meeting from './meeting.service';

const params = z.object({ sessionId: z.uuid() });

// The classroom of one session, for its learner (or the kid's parent) and its tutor only:
// anyone else gets the 404 of a session that does not exist.
export const meetingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asMember = app.requireRole('learner', 'kid', 'teacher');
  const tags = ['meeting'];

  app.get('/:sessionId', { onRequest: asMember, schema: { tags, params, response: { 200: meetingInfoSchema } } }, async (request) =>
    meeting.meetingInfo(ctx, authOf(request), request.params.sessionId),
  );

  app.get('/:sessionId/messages', { onRequest: asMember, schema: { tags, params, response: { 200: meetingMessagesResponse } } }, async (request) =>
    meeting.meetingMessages(ctx, authOf(request), request.params.sessionId),
  );

  app.get('/:sessionId/attendance', { onRequest: asMember, schema: { tags, params, response: { 200: meetingAttendanceSchema } } }, async (request) =>
    meeting.meetingAttendance(ctx, authOf(request), request.params.sessionId),
  );
};
