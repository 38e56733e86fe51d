import { and, eq, sql } from 'drizzle-orm';
import { KIDS_SESSION_PRICE_INR_MINOR } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import type { Money } from '@parley/domain/money';
import type { BuySessionsPayload } from '@parley/domain/payments';
import { buySessionsTotal, kidsSessionPrice } from '@parley/domain/pricing';
import type { AppContext } from '../../context';
import { influencers, kidSessionBalances, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { recordLedgerEntry } from '../../shared/ledger';
import { loadPriceSettings } from '../../shared/settings';

type Purchase = Required<Pick<BuySessionsPayload, 'subject' | 'learnerId' | 'sessionsBought'>> & Pick<BuySessionsPayload, 'isDemo' | 'influencerCode'>;

/**
 * spec §7.4 Buy sessions for kids: paid from the parent's wallet. The price, the demo price
 * (149) and any affiliate discount are decided here; the client's `discount` is ignored.
 */
export async function buyKidSessions(ctx: AppContext, parentId: string, input: Purchase) {
  const [kid] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, input.learnerId), eq(users.parentId, parentId), eq(users.role, 'kid')));
  if (!kid) throw notFound('Kid not found');
  const [parent] = await ctx.db.select().from(users).where(eq(users.id, parentId));
  if (input.isDemo && input.sessionsBought !== 1) throw new AppError('VALIDATION_FAILED', 'A demo is one session.', { sessionsBought: 'Must be 1' });
  const alreadyHasDemo = () => new AppError('CONFLICT', `${kid.name} already has a demo.`);
  if (input.isDemo && kid.isDemoPayed) throw alreadyHasDemo();

  const unitPrice = kidsSessionPrice({
    country: parent!.country,
    isDemo: input.isDemo ?? false,
    sessionPriceInrMinor: KIDS_SESSION_PRICE_INR_MINOR,
    settings: await loadPriceSettings(ctx.db),
  });
  const grandTotal = await applyAffiliateDiscount(ctx, buySessionsTotal({ unitPrice, count: input.sessionsBought }), input.influencerCode);

  return ctx.db.transaction(async (tx) => {
    // Claimed first, inside the transaction that charges: of concurrent demo purchases one wins, the rest change nothing.
    if (input.isDemo) {
      const claimed = await tx.update(users).set({ isDemoPayed: true }).where(and(eq(users.id, kid.id), eq(users.isDemoPayed, false))).returning({ id: users.id });
      if (!claimed.length) throw alreadyHasDemo();
    }
    const closingBalance = await recordLedgerEntry(tx, {
      userId: parentId,
      amount: grandTotal,
      kind: 'debit',
      description: `${input.isDemo ? 'Demo' : `${input.sessionsBought} × ${input.subject}`} for ${kid.name}`,
    });
    const [balance] = await tx
      .insert(kidSessionBalances)
      .values({ kidId: kid.id, subject: input.subject, sessionsAvailable: input.sessionsBought })
      .onConflictDoUpdate({
        target: [kidSessionBalances.kidId, kidSessionBalances.subject],
        set: { sessionsAvailable: sql`${kidSessionBalances.sessionsAvailable} + ${input.sessionsBought}` },
      })
      .returning();
    return {
      message: input.isDemo ? messages.demoPurchased : `${input.sessionsBought} session${input.sessionsBought > 1 ? 's' : ''} added for ${kid.name}`,
      grandTotal,
      sessionsAvailable: balance!.sessionsAvailable,
      closingBalance,
    };
  });
}

/** An approved affiliate's code takes its coupon discount off the total, rounded to the minor unit. */
async function applyAffiliateDiscount(ctx: AppContext, total: Money, code: string | null | undefined): Promise<Money> {
  if (!code) return total;
  const [influencer] = await ctx.db.select().from(influencers).where(eq(influencers.referralCode, code.toUpperCase()));
  if (!influencer || influencer.status !== 'Approved') throw new AppError('OFFER_NOT_VALID', 'This referral code is not valid.');
  const discount = Math.round((total.amountMinor * influencer.couponDiscountPercent) / 100);
  return { amountMinor: total.amountMinor - discount, currency: total.currency };
}

export async function kidBalances(ctx: AppContext, kidId: string) {
  const rows = await ctx.db.select().from(kidSessionBalances).where(eq(kidSessionBalances.kidId, kidId));
  return { subjects: rows.map((r) => ({ subject: r.subject, sessionsAvailable: r.sessionsAvailable })) };
}

