import { z } from 'zod';
import { currencySchema, moneySchema } from './money-schema';

/** A plan on sale, priced in the viewer's currency (GET /api/plans). */
export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  subject: z.string(),
  subscriptionType: z.string(),
  /** '25min': the length of each class on this plan. */
  classDuration: z.string(),
  sessionCount: z.number().int(),
  weeklySessions: z.number().int(),
  validityDays: z.number().int(),
  price: moneySchema,
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponse = z.object({ items: z.array(planSchema) });

/** A Peer Learning plan's type: it grants peer minutes, not classes, so it is never the learner's "active subscription". */
export const PEER_MINUTES_PLAN_TYPE = 'peer_minutes';

/** How a plan's class length travels on the wire and in the user record. */
export const classDurationLabel = (classDurationMin: number) => `${classDurationMin}min`;

/** GET /api/plans/public: the plans on sale for someone not signed in, in the currency their browser implies. */
export const publicPlansQuery = z.object({ currency: currencySchema });
