import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@parley/domain/messages';
import { currencyForCountry } from '@parley/domain/money';
import { moneySchema } from '@parley/domain/money-schema';
import { singleLineText } from '@parley/domain/text';
import type { AppContext } from '../../context';
import { plans, users } from '../../db/schema';
import { authOf } from '../../http/auth';
import { recordLedgerEntry } from '../../shared/ledger';
import { activateSubscription, findActivePlan, planPrice } from '../../shared/plans';
import { loadUserRecord } from '../../shared/user-record';
import { userRecordSchema } from '@parley/domain/user';

const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  subscriptionType: z.string(),
  classDuration: z.string(),
  sessionCount: z.number().int(),
  weeklySessions: z.number().int(),
  validityDays: z.number().int(),
  price: moneySchema,
});

// Subscription plans (spec §2.2 subscription-plans pages): list in the viewer's currency,
// buy with the wallet here, or by checkout through the payments feature (notes.type Plan).
export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const asLearner = app.requireRole('learner');
  const countryOf = async (userId: string) => {
    const [user] = await ctx.db.select({ country: users.country }).from(users).where(eq(users.id, userId));
    return user?.country ?? 'IN';
  };

  app.get(
    '/',
    {
      onRequest: asLearner,
      schema: { tags: ['subscriptions'], querystring: z.object({ subject: singleLineText(40).optional() }), response: { 200: z.object({ items: z.array(planSchema) }) } },
    },
    async (request) => {
      const currency = currencyForCountry(await countryOf(authOf(request).userId));
      const rows = await ctx.db
        .select()
        .from(plans)
        .where(and(eq(plans.isActive, true), request.query.subject ? eq(plans.subject, request.query.subject) : undefined))
        .orderBy(asc(plans.subject), asc(plans.priceInrMinor));
      return {
        items: rows.map((p) => ({
          _id: p.id,
          name: p.name,
          subject: p.subject,
          subscriptionType: p.subscriptionType,
          classDuration: `${p.classDurationMin}min`,
          sessionCount: p.sessionCount,
          weeklySessions: p.weeklySessions,
          validityDays: p.validityDays,
          price: planPrice(p, currency),
        })),
      };
    },
  );

  app.post(
    '/:id/buy-with-wallet',
    {
      onRequest: asLearner,
      schema: { tags: ['subscriptions'], params: z.object({ id: z.uuid() }), response: { 200: z.object({ message: z.string(), user: userRecordSchema, closingBalance: moneySchema }) } },
    },
    async (request) => {
      const userId = authOf(request).userId;
      const plan = await findActivePlan(ctx.db, request.params.id);
      const price = planPrice(plan, currencyForCountry(await countryOf(userId)));
      const closingBalance = await ctx.db.transaction(async (tx) => {
        const closing = await recordLedgerEntry(tx, { userId, amount: price, kind: 'debit', description: `Plan: ${plan.name}` });
        await activateSubscription(tx, userId, plan, ctx.now());
        return closing;
      });
      return { message: messages.planActivated, user: await loadUserRecord(ctx.db, userId, ctx.now()), closingBalance };
    },
  );
};
