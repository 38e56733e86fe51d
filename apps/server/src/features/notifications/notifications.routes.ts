import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsQuery, notificationsResponse, readNotificationsPayload } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as notifications from './notifications.service';

// The bell in every shell: each signed-in user sees and marks only their own notifications.
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asAnyone = app.requireRole('learner', 'kid', 'teacher', 'peer', 'influencer', 'moderator', 'creator');
  const tags = ['notifications'];

  app.get('/', { onRequest: asAnyone, schema: { tags, querystring: notificationsQuery, response: { 200: notificationsResponse } } }, async (request) =>
    notifications.listNotifications(ctx, authOf(request).userId, request.query.limit),
  );

  app.post('/read', { onRequest: asAnyone, schema: { tags, body: readNotificationsPayload } }, async (request, reply) => {
    await notifications.markNotificationsRead(ctx, authOf(request).userId, request.body.ids);
    return reply.status(204).send();
  });
};
