import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankDetailsPayload } from '@parley/domain/affiliate';
import {
  affiliateDashboardSchema,
  affiliateEarningsQuery,
  affiliateEarningsSchema,
  affiliateLinkSchema,
  affiliateProfileSchema,
  affiliateReferrerSchema,
  affiliateSeriesQuery,
  affiliateSeriesSchema,
  affiliateVisitPayload,
  affiliateVisitResponse,
  bankDetailsResponse,
  payoutRequestPayload,
  payoutSchema,
  payoutsResponse,
} from '@parley/domain/affiliate-api';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as payouts from './affiliate-payouts';
import * as affiliate from './affiliate.service';

// The affiliate area (/affiliate/*) and the landing pages' visit record.
export const affiliateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asAffiliate = app.requireRole('influencer');
  const tags = ['affiliate'];

  // Anyone landing through a campaign link; limited per IP so clicks cannot be pumped from one place.
  app.post(
    '/visits',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { tags, body: affiliateVisitPayload, response: { 200: affiliateVisitResponse } } },
    async (request, reply) => affiliate.recordVisit(ctx, request, reply, request.body),
  );

  // A learner: the affiliate who brought them, so a checkout can prefill that affiliate's code.
  app.get('/referrer', { onRequest: app.requireRole('learner'), schema: { tags, response: { 200: affiliateReferrerSchema } } }, async (request) =>
    affiliate.referrerOf(ctx, authOf(request).userId),
  );

  app.get('/profile', { onRequest: asAffiliate, schema: { tags, response: { 200: affiliateProfileSchema } } }, async (request) => affiliate.affiliateProfile(ctx, authOf(request).userId));
  app.get('/link', { onRequest: asAffiliate, schema: { tags, response: { 200: affiliateLinkSchema } } }, async (request) => affiliate.affiliateLink(ctx, authOf(request).userId));
  app.get('/dashboard', { onRequest: asAffiliate, schema: { tags, response: { 200: affiliateDashboardSchema } } }, async (request) => affiliate.affiliateDashboard(ctx, authOf(request).userId));
  app.get('/series', { onRequest: asAffiliate, schema: { tags, querystring: affiliateSeriesQuery, response: { 200: affiliateSeriesSchema } } }, async (request) =>
    affiliate.affiliateSeries(ctx, authOf(request).userId, request.query.days),
  );
  app.get('/earnings', { onRequest: asAffiliate, schema: { tags, querystring: affiliateEarningsQuery, response: { 200: affiliateEarningsSchema } } }, async (request) =>
    affiliate.affiliateEarnings(ctx, authOf(request).userId, request.query),
  );

  app.get('/bank-details', { onRequest: asAffiliate, schema: { tags, response: { 200: bankDetailsResponse } } }, async (request) => payouts.bankDetails(ctx, authOf(request).userId));
  app.put('/bank-details', { onRequest: asAffiliate, schema: { tags, body: bankDetailsPayload, response: { 200: bankDetailsResponse } } }, async (request) =>
    payouts.saveBankDetails(ctx, authOf(request).userId, request.body),
  );
  app.get('/payouts', { onRequest: asAffiliate, schema: { tags, response: { 200: payoutsResponse } } }, async (request) => payouts.payoutsOverview(ctx, authOf(request).userId));
  app.post('/payouts', { onRequest: asAffiliate, schema: { tags, body: payoutRequestPayload, response: { 201: payoutSchema } } }, async (request, reply) =>
    reply.status(201).send(await payouts.requestPayout(ctx, authOf(request).userId, request.body.amountMinor)),
  );
};
