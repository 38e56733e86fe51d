import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presetTopUps } from '@parley/domain/money';
import { currencySchema } from '@parley/domain/money-schema';
import { offerSchema, topUpPresetsResponse, walletEntrySchema, walletResponse } from '@parley/domain/payments';
import type { AppContext } from '../../context';
import { offers, walletEntries } from '../../db/schema';
import { authOf } from '../../http/auth';
import { walletBalance, walletCurrency } from '../../shared/ledger';
import { loadPriceSettings } from '../../shared/settings';

// The parent's (learner's) prepaid wallet: balance, ledger history, and the top-up offers.
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  // The wallet's own currency (fixed when it was made), else the country's for a wallet still to come.
  const currencyOf = (userId: string) => walletCurrency(ctx.db, userId);

  app.get('/api/wallet', { onRequest: asLearner, schema: { tags: ['wallet'], response: { 200: walletResponse } } }, async (request) => {
    const userId = authOf(request).userId;
    return { closingBalance: await walletBalance(ctx.db, userId, await currencyOf(userId)) };
  });

  app.get(
    '/api/wallet/top-up-presets',
    { onRequest: asLearner, schema: { tags: ['wallet'], response: { 200: topUpPresetsResponse } } },
    async (request) => {
      const [currency, settings] = await Promise.all([currencyOf(authOf(request).userId), loadPriceSettings(ctx.db)]);
      return { presets: presetTopUps(currency, settings.usdToInrRate) };
    },
  );

  app.get(
    '/api/wallet/history',
    {
      onRequest: asLearner,
      schema: {
        tags: ['wallet'],
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: z.object({ items: z.array(walletEntrySchema), total: z.number().int() }) },
      },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const { page, limit } = request.query;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(walletEntries)
          .where(eq(walletEntries.userId, userId))
          .orderBy(desc(walletEntries.createdAt), desc(walletEntries.closingBalanceMinor))
          .limit(limit)
          .offset((page - 1) * limit),
        ctx.db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId)),
      ]);
      return {
        total: total?.n ?? 0,
        items: rows.map((r) => ({
          _id: r.id,
          kind: r.kind,
          amount: { amountMinor: r.amountMinor, currency: r.currency },
          closingBalance: { amountMinor: r.closingBalanceMinor, currency: r.currency },
          description: r.description,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );

  // spec §7.4: offers fetched with couponValidFor=Wallet answer allOffers.
  app.get(
    '/api/offers',
    {
      onRequest: asLearner,
      schema: {
        tags: ['wallet'],
        querystring: z.object({ couponValidFor: z.literal('Wallet'), currency: currencySchema.optional() }),
        response: { 200: z.object({ allOffers: z.array(offerSchema) }) },
      },
    },
    async (request) => {
      const currency = request.query.currency ?? (await currencyOf(authOf(request).userId));
      const rows = await ctx.db
        .select()
        .from(offers)
        .where(and(eq(offers.validFor, request.query.couponValidFor), eq(offers.currency, currency), eq(offers.isActive, true)))
        .orderBy(offers.walletAmountMinor);
      return { allOffers: rows.map((o) => ({ _id: o.id, coupon: o.coupon, walletAmount: o.walletAmountMinor, cashBackAmount: o.cashbackMinor, currency: o.currency })) };
    },
  );
};
