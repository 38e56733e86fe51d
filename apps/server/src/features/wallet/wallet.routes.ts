import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencySchema } from '@parley/domain/money-schema';
import { topUpPresetsResponse, walletHistoryResponse, walletOffersResponse, walletResponse } from '@parley/domain/payments';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import * as wallet from './wallet.service';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) });

// The parent's (learner's) prepaid wallet: balance, ledger history, and the top-up offers.
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');

  app.get('/api/wallet', { onRequest: asLearner, schema: { tags: ['wallet'], response: { 200: walletResponse } } }, async (request) =>
    wallet.closingBalanceOf(ctx, authOf(request).userId),
  );

  app.get(
    '/api/wallet/top-up-presets',
    { onRequest: asLearner, schema: { tags: ['wallet'], response: { 200: topUpPresetsResponse } } },
    async (request) => wallet.topUpPresets(ctx, authOf(request).userId),
  );

  app.get(
    '/api/wallet/history',
    { onRequest: asLearner, schema: { tags: ['wallet'], querystring: pageQuery, response: { 200: walletHistoryResponse } } },
    async (request) => wallet.walletHistory(ctx, authOf(request).userId, request.query),
  );

  // Offers asked for with couponValidFor=Wallet answer allOffers.
  app.get(
    '/api/offers',
    {
      onRequest: asLearner,
      schema: {
        tags: ['wallet'],
        querystring: z.object({ couponValidFor: z.literal('Wallet'), currency: currencySchema.optional() }),
        response: { 200: walletOffersResponse },
      },
    },
    async (request) => wallet.walletOffers(ctx, authOf(request).userId, request.query),
  );
};
