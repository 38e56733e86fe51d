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
  /**
   * What the plan costs paid from the viewer's wallet, when the wallet is in another currency than
   * `price`: a wallet's currency is fixed when it is made, so a learner who moved country since
   * pays from it in its own currency.
   */
  walletPrice: moneySchema.optional(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponse = z.object({ items: z.array(planSchema) });

/**
 * POST /api/plans/:id/buy-with-wallet. `currentSubscriptionId`: the learner's live plan as the page
 * showed it (`activeSubscription._id`, null without one): a purchase made meanwhile elsewhere (another
 * tab, a second press) changed it, so this one is refused instead of charging the plan twice.
 * `requestKey`: the page's key for this purchase, kept until it succeeds, so the same purchase sent
 * again (a retry after a lost answer) is answered as it was and charged once.
 */
export const buyWithWalletBody = z.object({ currentSubscriptionId: z.uuid().nullable(), requestKey: z.uuid().optional() });
export type BuyWithWalletBody = z.infer<typeof buyWithWalletBody>;

/**
 * Why a purchase was refused: the learner's plan changed since the page showed it (409 PLAN_CHANGED),
 * in another window or by a payment of this page's that went through while it could not hear back.
 */
export const planChanged = 'Your plan changed since this page opened. Check your plans and buy again.';

/** A Peer Learning plan's type: it grants peer minutes, not classes, so it is never the learner's "active subscription". */
export const PEER_MINUTES_PLAN_TYPE = 'peer_minutes';

/** The subject of the Peer vertical's plans (Peer Learning and Kids Peer Learning sell the same ones). */
export const PEER_PLAN_SUBJECT = 'Peer';

/**
 * A peer-only account (the peer credential, no learner one; spec §6) may buy only these: it has
 * no wallet, so it pays at the checkout, and its minutes show on its peer dashboard.
 */
export const isPeerVerticalPlan = (plan: { subject: string }) => plan.subject === PEER_PLAN_SUBJECT;

/** Why a peer-only account is refused anything but a Peer Learning plan (403). */
export const peerAccountPlansOnly = 'A peer learning account can buy only Peer Learning plans. Log in with a learner account for other plans.';

/** How a plan's class length travels on the wire and in the user record. */
export const classDurationLabel = (classDurationMin: number) => `${classDurationMin}min`;

/** GET /api/plans/public: the plans on sale for someone not signed in, in the currency their browser implies. */
export const publicPlansQuery = z.object({ currency: currencySchema });
