import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralSummarySchema } from '@parley/domain/referral';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as referral from './referral.service';

// Refer & Earn (/user/referral, /refer-and-earn, and the kids' referral pages, which show the parent's code).
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', { onRequest: app.requireRole('learner'), schema: { tags: ['referral'], response: { 200: referralSummarySchema } } }, async (request) =>
    referral.referralSummary(ctx, authOf(request).userId),
  );
};
