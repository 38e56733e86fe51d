import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogResponse,
  influencerApplicationSchema,
  influencerApplicationsQuery,
  influencerApplicationsResponse,
  learnerSearchQuery,
  learnerSearchResponse,
  loginLinkAuditResponse,
  moderationPageQuery,
  moderationReasonPayload,
  moderatorTutorsQuery,
  moderatorTutorsResponse,
  tutorBlockResponse,
  unappliedPaymentsResponse,
} from '@parley/domain/moderation';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as moderation from './moderation.service';

// The moderator console. Moderators only; every action is appended to moderator_actions in the
// transaction that makes it, and nothing here changes or removes an entry of that log.
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asModerator = app.requireRole('moderator');
  const tags = ['moderation'];
  const userParams = z.object({ userId: z.uuid() });
  const tutorParams = z.object({ id: z.uuid() });

  app.get(
    '/unapplied-payments',
    { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: unappliedPaymentsResponse } } },
    async (request) => moderation.unappliedPayments(ctx, request.query),
  );

  app.get(
    '/login-link-audit',
    { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: loginLinkAuditResponse } } },
    async (request) => moderation.loginLinkAudit(ctx, request.query),
  );

  app.get('/audit', { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: auditLogResponse } } }, async (request) =>
    moderation.auditLog(ctx, request.query),
  );

  app.get(
    '/influencers',
    { onRequest: asModerator, schema: { tags, querystring: influencerApplicationsQuery, response: { 200: influencerApplicationsResponse } } },
    async (request) => moderation.influencerApplications(ctx, request.query),
  );
  app.post(
    '/influencers/:userId/approve',
    { onRequest: asModerator, schema: { tags, params: userParams, response: { 200: influencerApplicationSchema } } },
    async (request) => moderation.decideInfluencer(ctx, authOf(request).userId, request.params.userId, { decision: 'approve' }),
  );
  app.post(
    '/influencers/:userId/reject',
    { onRequest: asModerator, schema: { tags, params: userParams, body: moderationReasonPayload, response: { 200: influencerApplicationSchema } } },
    async (request) => moderation.decideInfluencer(ctx, authOf(request).userId, request.params.userId, { decision: 'reject', reason: request.body.reason }),
  );

  app.get('/tutors', { onRequest: asModerator, schema: { tags, querystring: moderatorTutorsQuery, response: { 200: moderatorTutorsResponse } } }, async (request) =>
    moderation.tutors(ctx, request.query),
  );
  for (const [path, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/tutors/:id/${path}`,
      { onRequest: asModerator, schema: { tags, params: tutorParams, body: moderationReasonPayload, response: { 200: tutorBlockResponse } } },
      async (request) => moderation.setTutorBlocked(ctx, authOf(request).userId, request.params.id, { blocked, reason: request.body.reason }, request.log),
    );
  }

  app.get('/learners', { onRequest: asModerator, schema: { tags, querystring: learnerSearchQuery, response: { 200: learnerSearchResponse } } }, async (request) =>
    moderation.searchLearners(ctx, request.query.q),
  );
};
