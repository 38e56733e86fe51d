import type { FastifyReply } from 'fastify';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { KIDS_SESSION_PRICE_INR_MINOR, type KidSummary, type NewKidPayload } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import type { Money } from '@parley/domain/money';
import type { BuySessionsPayload } from '@parley/domain/payments';
import { affiliateDiscountedTotal, buySessionsTotal, kidsSessionPrice } from '@parley/domain/pricing';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { startSession, toUserRecord } from '../auth/auth.service';
import { loadPriceSettings } from '../pricing/pricing.service';
import { debitWallet } from '../wallet/wallet.service';
import * as repo from './kids.repository';

type Purchase = Required<Pick<BuySessionsPayload, 'subject' | 'learnerId' | 'sessionsBought'>> & Pick<BuySessionsPayload, 'isDemo' | 'influencerCode'>;

/**
 * Buys sessions for one of the parent's kids, paid from the parent's wallet. The price, the
 * kids' demo price and any affiliate discount are decided here; the client's `discount` is ignored.
 */
export async function buyKidSessions(ctx: AppContext, parentId: string, input: Purchase) {
  const kid = await repo.findKid(ctx.db, parentId, input.learnerId);
  if (!kid) throw notFound('Kid not found');
  const parent = await repo.findUser(ctx.db, parentId);
  if (input.isDemo && input.sessionsBought !== 1) throw new AppError('VALIDATION_FAILED', 'A demo is one session.', { sessionsBought: 'Must be 1' });
  const alreadyHasDemo = () => new AppError('CONFLICT', `${kid.name} already has a demo.`);
  if (input.isDemo && kid.isDemoPayed) throw alreadyHasDemo();

  const unitPrice = kidsSessionPrice({
    country: parent!.country,
    isDemo: input.isDemo ?? false,
    sessionPriceInrMinor: KIDS_SESSION_PRICE_INR_MINOR,
    settings: await loadPriceSettings(ctx.db),
  });
  const grandTotal = await applyAffiliateCode(ctx, buySessionsTotal({ unitPrice, count: input.sessionsBought }), input.influencerCode);

  return ctx.db.transaction(async (tx) => {
    // Claimed first, inside the transaction that charges: of concurrent demo purchases one wins, the rest change nothing.
    if (input.isDemo && !(await repo.claimKidDemo(tx, kid.id))) throw alreadyHasDemo();
    const closingBalance = await debitWallet(tx, {
      userId: parentId,
      amount: grandTotal,
      description: `${input.isDemo ? 'Demo' : `${input.sessionsBought} × ${input.subject}`} for ${kid.name}`,
    });
    const sessionsAvailable = await repo.addSessions(tx, kid.id, input.subject, input.sessionsBought);
    return {
      message: input.isDemo ? messages.demoPurchased : `${input.sessionsBought} session${input.sessionsBought > 1 ? 's' : ''} added for ${kid.name}`,
      grandTotal,
      sessionsAvailable,
      closingBalance,
    };
  });
}

/** Only an approved affiliate's code counts; its discount follows the domain's rule. */
async function applyAffiliateCode(ctx: AppContext, total: Money, code: string | null | undefined): Promise<Money> {
  if (!code) return total;
  const influencer = await repo.findInfluencerByCode(ctx.db, code);
  if (!influencer || influencer.status !== 'Approved') throw new AppError('OFFER_NOT_VALID', 'This referral code is not valid.');
  return affiliateDiscountedTotal({ total, discountPercent: influencer.couponDiscountPercent });
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
