import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationPageQuery } from '@parley/domain/moderation';
import {
  OUTREACH_FORM_LIMIT,
  organizationInquiriesResponse,
  organizationInquiryPayload,
  outreachReceipt,
  tutorApplicationPayload,
  tutorApplicationsResponse,
} from '@parley/domain/outreach';
import type { AppContext } from '../../context';
import * as outreach from './outreach.service';

// The public forms: anyone may send one, a few times an hour from one address (per IP, shared
// across nodes through Redis when it is configured), so the tables cannot be flooded. Only a form
// that validated counts (the limit runs after validation): fixing a refused field still sends it.
export const outreachRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const perIpLimit = { rateLimit: { max: OUTREACH_FORM_LIMIT.max, timeWindow: OUTREACH_FORM_LIMIT.windowMin * 60_000, hook: 'preHandler' as const } };
  const tags = ['outreach'];

  app.post(
    '/organization-inquiries',
    { config: perIpLimit, schema: { tags, body: organizationInquiryPayload, response: { 201: outreachReceipt } } },
    async (request, reply) => reply.status(201).send(await outreach.receiveOrganizationInquiry(ctx, request.body, request.log)),
  );

  app.post(
    '/tutor-applications',
    { config: perIpLimit, schema: { tags, body: tutorApplicationPayload, response: { 201: outreachReceipt } } },
    async (request, reply) => reply.status(201).send(await outreach.receiveTutorApplication(ctx, request.body)),
  );
};

/** What the moderators read: every enquiry and application, newest first. */
export const outreachModerationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asModerator = app.requireRole('moderator');
  const tags = ['moderation'];

  app.get(
    '/organization-inquiries',
    { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: organizationInquiriesResponse } } },
    async (request) => outreach.organizationInquiries(ctx, request.query),
  );

  app.get(
    '/tutor-applications',
    { onRequest: asModerator, schema: { tags, querystring: moderationPageQuery, response: { 200: tutorApplicationsResponse } } },
    async (request) => outreach.tutorApplications(ctx, request.query),
  );
};
