import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralRewardCap, referralSummarySchema } from '@parley/domain/referral';
import type { AppContext } from '../../context';
import { referrals, users } from '../../db/schema';
import { authOf } from '../../http/auth';
import { notFound } from '../../http/app-error';
import { walletCurrency } from '../../shared/ledger';

// Refer & Earn (/user/referral, /refer-and-earn, and the kids' referral pages, which show the parent's code).
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', { onRequest: app.requireRole('learner'), schema: { tags: ['referral'], response: { 200: referralSummarySchema } } }, async (request) => {
    const userId = authOf(request).userId;
    const [me] = await ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!me?.code) throw notFound('No referral code');
    const currency = await walletCurrency(ctx.db, userId);
    const rows = await ctx.db
      .select({ name: users.name, joinedAt: referrals.createdAt, status: referrals.status, rewardMinor: referrals.rewardMinor, rewardCurrency: referrals.rewardCurrency })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(desc(referrals.createdAt));
    const referred = rows.map((r) => ({
      name: r.name,
      joinedAt: r.joinedAt.toISOString(),
      status: r.status,
      reward: r.rewardMinor !== null && r.rewardCurrency ? { amountMinor: r.rewardMinor, currency: r.rewardCurrency } : null,
    }));
    const link = new URL('/login', ctx.config.publicUrl);
    link.searchParams.set('mode', 'signup');
    link.searchParams.set('ref', me.code);
    return {
      code: me.code,
      link: link.toString(),
      reward: referralRewardCap(currency),
      referred,
      totalEarned: { amountMinor: referred.reduce((sum, r) => sum + (r.reward?.currency === currency ? r.reward.amountMinor : 0), 0), currency },
    };
  });
};
