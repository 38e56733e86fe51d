import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema } from '@parley/domain/auth';
import { trialPrice } from '@parley/domain/pricing';
import { singleLineText } from '@parley/domain/text';
import type { AppContext } from '../../context';
import { banners } from '../../db/schema';
import { loadPriceSettings } from '../../shared/settings';

const moneySchema = z.object({ amountMinor: z.number().int(), currency: z.enum(['INR', 'USD']) });

export const landingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // spec §2.9: the Book Your Trial button shows the trial price for the visitor's country.
  app.get(
    '/pricing/trial',
    {
      schema: {
        tags: ['landing'],
        querystring: z.object({ country: countrySchema, subject: singleLineText(40).default('English') }),
        response: { 200: z.object({ price: moneySchema }) },
      },
    },
    async (request) => {
      const settings = await loadPriceSettings(ctx.db);
      return { price: trialPrice({ country: request.query.country, subject: request.query.subject, settings }) };
    },
  );

  // Every banner with its end date; the client hides the ones that have ended (spec §2.9).
  app.get(
    '/banners',
    {
      schema: {
        tags: ['landing'],
        response: {
          200: z.object({
            items: z.array(z.object({ code: z.string(), title: z.string(), discountPercent: z.number(), endsAt: z.string() })),
          }),
        },
      },
    },
    async () => {
      const rows = await ctx.db.select().from(banners).orderBy(asc(banners.endsAt));
      return { items: rows.map((b) => ({ ...b, endsAt: b.endsAt.toISOString() })) };
    },
  );
};
