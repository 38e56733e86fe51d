import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema } from '@parley/domain/auth';
import { moneySchema } from '@parley/domain/money-schema';
import { singleLineText } from '@parley/domain/text';
import type { AppContext } from '../../context';
import { trialPriceFor } from '../pricing/pricing.service';
import * as landing from './landing.service';

export const landingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The Book Your Trial button shows the trial price for the visitor's country.
  app.get(
    '/pricing/trial',
    {
      schema: {
        tags: ['landing'],
        querystring: z.object({ country: countrySchema, subject: singleLineText(40).default('English') }),
        response: { 200: z.object({ price: moneySchema }) },
      },
    },
    async (request) => trialPriceFor(ctx, request.query),
  );

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
    async () => landing.listBanners(ctx),
  );
};
