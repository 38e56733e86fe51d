import type { FastifyReply } from 'fastify';
import { affiliateMayShare } from '@parley/domain/affiliate-link';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { KIDS_SESSION_PRICE_INR_MINOR, type KidSummary, type NewKidPayload } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { subtractMoney } from '@parley/domain/money';
import type { BuySessionsPayload, KidSessionsQuote } from '@parley/domain/payments';
import { affiliateDiscountedTotal, buySessionsTotal, kidsSessionPrice } from '@parley/domain/pricing';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { startSession, toUserRecord } from '../auth/auth.service';
import { loadPriceSettings } from '../pricing/pricing.service';
import { debitWallet, walletBalance } from '../wallet/wallet.service';
import * as repo from './kids.repository';

type Purchase = Required<Pick<BuySessionsPayload, 'subject' | 'learnerId' | 'sessionsBought'>> & Pick<BuySessionsPayload, 'isDemo' | 'influencerCode' | 'requestKey'>;

/**
 * What a purchase for one of the parent's kids costs: the kids' session (or demo) price in the
 * parent's currency, times the sessions, less an active affiliate's coupon. The quote and the
 * purchase both price through here, so the total shown is the total charged.
 */
async function priceKidPurchase(ctx: AppContext, parentId: string, input: Purchase) {
  const kid = await repo.findKid(ctx.db, parentId, input.learnerId);
  if (!kid) throw notFound('Kid not found');
  const parent = await repo.findUser(ctx.db, parentId);
  if (input.isDemo && input.sessionsBought !== 1) throw new AppError('VALIDATION_FAILED', 'A demo is one session.', { sessionsBought: 'Must be 1' });
  if (input.isDemo && kid.isDemoPayed) throw alreadyHasDemo(kid.name);

  const unitPrice = kidsSessionPrice({
    country: parent!.country,
    isDemo: input.isDemo ?? false,
    sessionPriceInrMinor: KIDS_SESSION_PRICE_INR_MINOR,
    settings: await loadPriceSettings(ctx.db),
  });
  const subtotal = buySessionsTotal({ unitPrice, count: input.sessionsBought });
  const affiliate = await affiliateCoupon(ctx, input.influencerCode);
  const grandTotal = affiliate ? affiliateDiscountedTotal({ total: subtotal, discountPercent: affiliate.cuponDiscount }) : subtotal;
  const discount = affiliate ? { referralCode: affiliate.referralCode, cuponDiscount: affiliate.cuponDiscount, discount: subtractMoney(subtotal, grandTotal) } : null;
  return { kid, quote: { unitPrice, subtotal, affiliate: discount, grandTotal } satisfies KidSessionsQuote };
}

const alreadyHasDemo = (kidName: string) => new AppError('CONFLICT', `${kidName} already has a demo.`);

/** The price of a purchase before it is made; the client's `discount` has no say here either. */
export async function quoteKidSessions(ctx: AppContext, parentId: string, input: Purchase): Promise<KidSessionsQuote> {
  return (await priceKidPurchase(ctx, parentId, input)).quote;
}

/**
 * Buys sessions for one of the parent's kids, paid from the parent's wallet. The price, the
 * kids' demo price and any affiliate discount are decided here; the client's `discount` is ignored.
 * A purchase sent again under the same request key (a double click, a retry after a lost answer)
 * is charged once and answers as the purchase did.
 */
export async function buyKidSessions(ctx: AppContext, parentId: string, input: Purchase) {
  try {
    return await chargeKidPurchase(ctx, parentId, input);
  } catch (error) {
    // This request changed nothing: its key's insert failed after the first committed, or the first
    // had already taken the demo or the balance. If the purchase its key names was made, that is the answer.
    const made = input.requestKey ? await repo.findPurchaseByKey(ctx.db, parentId, input.requestKey) : undefined;
    const kid = made ? await repo.findKid(ctx.db, parentId, made.kidId) : undefined;
    if (!made || !kid) throw error;
    return {
      message: purchasedMessage(made, kid.name),
      grandTotal: { amountMinor: made.amountMinor, currency: made.currency },
      sessionsAvailable: await repo.sessionsAvailable(ctx.db, kid.id, made.subject),
      closingBalance: await walletBalance(ctx.db, parentId, made.currency),
    };
  }
}

async function chargeKidPurchase(ctx: AppContext, parentId: string, input: Purchase) {
  const { kid, quote } = await priceKidPurchase(ctx, parentId, input);
  const { grandTotal } = quote;
  const isDemo = input.isDemo ?? false;

  return ctx.db.transaction(async (tx) => {
    // Recorded first: a second request with the same key waits here for this one, then fails having charged nothing.
    await repo.insertPurchase(tx, {
      parentId,
      kidId: kid.id,
      subject: input.subject,
      sessionsBought: input.sessionsBought,
      isDemo,
      amountMinor: grandTotal.amountMinor,
      currency: grandTotal.currency,
      requestKey: input.requestKey ?? null,
    });
    // Claimed inside the transaction that charges: of concurrent demo purchases one wins, the rest change nothing.
    if (isDemo && !(await repo.claimKidDemo(tx, kid.id))) throw alreadyHasDemo(kid.name);
    const closingBalance = await debitWallet(tx, {
      userId: parentId,
      amount: grandTotal,
      description: `${isDemo ? 'Demo' : `${input.sessionsBought} × ${input.subject}`} for ${kid.name}`,
    });
    // A demo is the kid's paid demo (isDemoPayed), booked as a Demo; it adds no session to the balance.
    const sessionsAvailable = isDemo ? await repo.sessionsAvailable(tx, kid.id, input.subject) : await repo.addSessions(tx, kid.id, input.subject, input.sessionsBought);
    return { message: purchasedMessage({ isDemo, sessionsBought: input.sessionsBought }, kid.name), grandTotal, sessionsAvailable, closingBalance };
  });
}

const purchasedMessage = ({ isDemo, sessionsBought }: { isDemo: boolean; sessionsBought: number }, kidName: string) =>
  isDemo ? messages.demoPurchased : `${sessionsBought} session${sessionsBought > 1 ? 's' : ''} added for ${kidName}`;

/**
 * The coupon of the affiliate whose code was given. Only an affiliate who may share their code
 * (status empty or Approved, spec §4) discounts; an unknown, pending or rejected code is refused.
 */
async function affiliateCoupon(ctx: AppContext, code: string | null | undefined) {
  const typed = code?.trim();
  if (!typed) return null;
  const influencer = await repo.findInfluencerByCode(ctx.db, typed);
  if (!influencer || !affiliateMayShare(influencer.status)) throw new AppError('OFFER_NOT_VALID', 'This affiliate code is not valid.');
  return { referralCode: influencer.referralCode, cuponDiscount: influencer.couponDiscountPercent };
}

/** A kid's purchased sessions per subject, for the kid itself or its parent; anyone else gets a 404. */
export async function kidBalances(ctx: AppContext, viewer: AuthContext, kidId: string) {
  const allowed = viewer.role === 'kid' ? viewer.userId === kidId : Boolean(await repo.findKid(ctx.db, viewer.userId, kidId));
  if (!allowed) throw notFound('Kid not found');
  const rows = await repo.listBalances(ctx.db, kidId);
  return { subjects: rows.map((r) => ({ subject: r.subject, sessionsAvailable: r.sessionsAvailable })) };
}

/** Every purchased session the kid has left, over all subjects. */
export const kidSessionsAvailable = (db: Db, kidId: string) => repo.totalSessionsAvailable(db, kidId);

/** Spends one of a kid's purchased sessions, in the caller's transaction; false when none is left. */
export const spendKidSession = (tx: Db, kidId: string, subject: string) => repo.spendSession(tx, kidId, subject);

export async function listKidsOfParent(ctx: AppContext, parentId: string) {
  const rows = await repo.listKids(ctx.db, parentId);
  return { allKids: rows.map(toKidSummary) };
}

/** A parent has at most MAX_KID_PROFILES kid profiles, also when several requests race. */
export async function createKid(ctx: AppContext, parentId: string, input: NewKidPayload) {
  const parent = await repo.findUser(ctx.db, parentId);
  if (!parent) throw notFound('User not found');
  const kid = await ctx.db.transaction(async (tx) => {
    const existing = await repo.lockParentAndCountKids(tx, parentId);
    if (existing >= MAX_KID_PROFILES) {
      throw new AppError('KID_LIMIT_REACHED', `You can add up to ${MAX_KID_PROFILES} kid profiles.`);
    }
    return repo.insertKid(tx, { parentId, ...input, country: parent.country, timezone: parent.timezone });
  });
  return { kid: toKidSummary(kid), message: 'Kid profile created' };
}

/** Opens a kid session for one of the parent's own kids; anyone else's kid is a 404. */
export async function selectKid(ctx: AppContext, reply: FastifyReply, parent: AuthContext, kidId: string) {
  const kid = await repo.findKid(ctx.db, parent.userId, kidId);
  if (!kid) throw notFound('Kid not found');
  const session = await startSession(ctx, reply, kid, { openedBy: parent.sessionId });
  return { token: session.handle, learner: toUserRecord(kid, null), message: `Switched to ${kid.name}` };
}

function toKidSummary(row: repo.UserRow): KidSummary {
  return {
    _id: row.id,
    name: row.name,
    avatar: row.avatar ?? 'owl',
    dob: row.dob,
    isDemoPayed: row.isDemoPayed,
    demoSessionBooked: row.demoBookedSubjects.length ? [{ subjects: row.demoBookedSubjects }] : [],
  };
}
