import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moneySchema } from '@parley/domain/money-schema';
import { buyWithWalletBody, plansResponse, publicPlansQuery } from '@parley/domain/plans';
import { singleLineText } from '@parley/domain/text';
import { userRecordSchema } from '@parley/domain/user';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import { loadUserRecord } from '../auth/auth.service';
import * as subscriptions from './subscriptions.service';

// Subscription plans: listed in the viewer's currency (or, for a visitor, the currency asked for), bought with the wallet here, or by
// checkout through the payments feature (notes.type Plan).
// A peer-only account (spec §6) sees and buys only the Peer Learning plans, by checkout: it has no wallet.
export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const asBuyer = app.requireRole('learner', 'peer');

  app.get(
    '/',
    { onRequest: asBuyer, schema: { tags: ['subscriptions'], querystring: z.object({ subject: singleLineText(40).optional() }), response: { 200: plansResponse } } },
    async (request) => subscriptions.listPlans(ctx, authOf(request), request.query.subject),
  );

  // Anyone may see what is on sale; buying still needs a learner's session.
  app.get(
    '/public',
    { schema: { tags: ['subscriptions'], querystring: publicPlansQuery, response: { 200: plansResponse } } },
    async (request) => subscriptions.listPublicPlans(ctx, request.query.currency),
  );

  app.post(
    '/:id/buy-with-wallet',
    {
      onRequest: asLearner,
      schema: {
        tags: ['subscriptions'],
        params: z.object({ id: z.uuid() }),
        body: buyWithWalletBody,
        response: { 200: z.object({ message: z.string(), user: userRecordSchema, closingBalance: moneySchema }) },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const bought = await subscriptions.buyPlanWithWallet(ctx, userId, request.params.id, request.body);
      return { ...bought, user: await loadUserRecord(ctx.db, userId, ctx.now()) };
    },
  );
};
