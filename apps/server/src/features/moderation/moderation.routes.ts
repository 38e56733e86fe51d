import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginLinkAuditResponse, moderationPageQuery, unappliedPaymentsResponse } from '@parley/domain/moderation';
import type { AppContext } from '../../context';
import * as moderation from './moderation.service';

// What support reads in the moderator area. Moderators only.
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asModerator = app.requireRole('moderator');

  app.get(
    '/unapplied-payments',
    { onRequest: asModerator, schema: { tags: ['moderation'], querystring: moderationPageQuery, response: { 200: unappliedPaymentsResponse } } },
    async (request) => moderation.unappliedPayments(ctx, request.query),
  );

  app.get(
    '/login-link-audit',
    { onRequest: asModerator, schema: { tags: ['moderation'], querystring: moderationPageQuery, response: { 200: loginLinkAuditResponse } } },
    async (request) => moderation.loginLinkAudit(ctx, request.query),
  );
};
