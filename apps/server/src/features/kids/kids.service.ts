import type { FastifyReply } from 'fastify';
import { affiliateMayShare } from '@parley/domain/affiliate-link';
import { MAX_KID_PROFILES } from '@parley/domain/constants';
import { kidAgeAt, kidPeerAgeBand } from '@parley/domain/kid-peer';
import { KIDS_SESSION_PRICE_INR_MINOR, kidEditedText, kidNameTaken, kidPlanSubjectFor, kidRemovalRefusal, kidSubjects, sameKidName, type EditedKidResponse, type EditKidPayload, type KidSummary, type NewKidPayload, type RemovedKidResponse } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { subtractMoney } from '@parley/domain/money';
import type { BuySessionsPayload, KidSessionsQuote } from '@parley/domain/payments';
import { affiliateDiscountedTotal, buySessionsTotal, kidsSessionPrice } from '@parley/domain/pricing';
import { totalSessions } from '@parley/domain/sessions';
import type { ActiveSubscription } from '@parley/domain/user';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { cookieName, type AuthContext } from '../../http/auth';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, retryingDeadlocks } from '../../lib/pg-errors';
import { startSession, toUserRecord } from '../auth/auth.service';
import { pushNotifications } from '../notifications/notifications.service';
import { releasePracticeTimes } from '../peer/peer.service';
import { loadPriceSettings } from '../pricing/pricing.service';
import { activeSubscriptions } from '../subscriptions/subscriptions.service';
import { debitWallet, walletBalance, walletCurrency } from '../wallet/wallet.service';
import * as repo from './kids.repository';

const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === FOREIGN_KEY_VIOLATION;
const kidNotFound = () => notFound('Kid not found');

type Purchase = Required<Pick<BuySessionsPayload, 'subject' | 'learnerId' | 'sessionsBought'>> & Pick<BuySessionsPayload, 'isDemo' | 'influencerCode' | 'requestKey'>;

/**
 * What a purchase for one of the parent's kids costs: the kids' session (or demo) price in the
 * currency of the parent's wallet, times the sessions, less an active affiliate's coupon. The quote and the
 * purchase both price through here, so the total shown is the total charged.
 */
async function priceKidPurchase(ctx: AppContext, parentId: string, input: Purchase) {
  const kid = await repo.findKid(ctx.db, parentId, input.learnerId);
  if (!kid) throw kidNotFound();
  if (input.isDemo && input.sessionsBought !== 1) throw new AppError('VALIDATION_FAILED', 'A demo is one session.', { sessionsBought: 'Must be 1' });
  if (input.isDemo && kid.isDemoPayed) throw alreadyHasDemo(kid.name);

  // Kids' sessions are paid from the wallet, so they are priced in its currency (fixed when it was
  // made: a parent who moved country since can still spend what it holds).
  const unitPrice = kidsSessionPrice({
    currency: await walletCurrency(ctx.db, parentId),
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
      sessionsAvailable: (await repo.sessionsAvailable(ctx.db, kid.id, made.subject)) + (await parentPlanSessions(ctx.db, parentId, made.subject, ctx.now())),
      closingBalance: await walletBalance(ctx.db, parentId, made.currency),
    };
  }
}

async function chargeKidPurchase(ctx: AppContext, parentId: string, input: Purchase) {
  const { kid, quote } = await priceKidPurchase(ctx, parentId, input);
  const { grandTotal } = quote;
  const isDemo = input.isDemo ?? false;

  // The kid removed since it was priced: the purchase's row cannot reference it, and nothing is charged.
  return refusedIfKidGone(() => ctx.db.transaction(async (tx) => {
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
    const purchased = isDemo ? await repo.sessionsAvailable(tx, kid.id, input.subject) : await repo.addSessions(tx, kid.id, input.subject, input.sessionsBought);
    // Answered as the kid pages count it: with what the parent's plan covering the subject has left.
    const sessionsAvailable = purchased + (await parentPlanSessions(tx, parentId, input.subject, ctx.now()));
    return { message: purchasedMessage({ isDemo, sessionsBought: input.sessionsBought }, kid.name), grandTotal, sessionsAvailable, closingBalance };
  }));
}

/** Runs work that references a kid; the kid removed meanwhile (removeKid) makes it a 404. */
async function refusedIfKidGone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw kidNotFound();
    throw error;
  }
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

/** A kid's sessions available per subject, for the kid itself or its parent; anyone else gets a 404. */
export async function kidBalances(ctx: AppContext, viewer: AuthContext, kidId: string) {
  const kid = viewer.role === 'kid' ? (viewer.userId === kidId ? await repo.findUser(ctx.db, kidId) : undefined) : await repo.findKid(ctx.db, viewer.userId, kidId);
  if (!kid) throw kidNotFound();
  return { subjects: await sessionsAvailableBySubject(ctx.db, kid, ctx.now()) };
}

/** Every session the kid has available, over all subjects (chat opens with one, spec §4). */
export async function kidSessionsAvailable(db: Db, kidId: string, now: Date): Promise<number> {
  const kid = await repo.findUser(db, kidId);
  const subjects = kid ? await sessionsAvailableBySubject(db, kid, now) : [];
  return subjects.reduce((sum, s) => sum + s.sessionsAvailable, 0);
}

/**
 * The sessions bought for the kid per subject, plus what the parent's covering plan has left this
 * week; a subject with neither stays out of the list.
 */
async function sessionsAvailableBySubject(db: Db, kid: Pick<repo.UserRow, 'id' | 'parentId'>, now: Date) {
  const [balances, parentPlans] = await Promise.all([repo.listBalances(db, kid.id), kid.parentId ? activeSubscriptions(db, kid.parentId, now) : []]);
  const bySubject = new Map(balances.map((b) => [b.subject, b.sessionsAvailable]));
  for (const { subject } of kidSubjects) {
    const fromPlan = planSessionsFor(parentPlans, subject);
    if (fromPlan > 0) bySubject.set(subject, (bySubject.get(subject) ?? 0) + fromPlan);
  }
  return [...bySubject].map(([subject, sessionsAvailable]) => ({ subject, sessionsAvailable }));
}

/**
 * What the parent's live plan covering a kid's subject has left to book this week (0 without one).
 * The kid books from it once the sessions bought for the kid are spent (booking's spendQuota), so
 * every count of a kid's sessions adds it: the kids pages, the booking page and chat agree with booking.
 */
async function parentPlanSessions(db: Db, parentId: string | null, subject: string, now: Date): Promise<number> {
  return parentId ? planSessionsFor(await activeSubscriptions(db, parentId, now), subject) : 0;
}

/** This week's sessions left on the plan (of the parent's live ones, each its subject's newest) covering a kid's subject. */
function planSessionsFor(parentPlans: ActiveSubscription[], subject: string): number {
  const planSubject = kidPlanSubjectFor(subject);
  const plan = planSubject ? parentPlans.find((p) => p.subjects.includes(planSubject)) : undefined;
  return plan ? totalSessions(plan) : 0;
}

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
    await refuseTakenName(tx, parentId, input.name);
    return repo.insertKid(tx, { parentId, ...input, country: parent.country, timezone: parent.timezone });
  });
  return { kid: toKidSummary(kid), message: 'Kid profile created' };
}

/** Opens a kid session for one of the parent's own kids; anyone else's kid is a 404. */
export async function selectKid(ctx: AppContext, reply: FastifyReply, parent: AuthContext, kidId: string) {
  const kid = await repo.findKid(ctx.db, parent.userId, kidId);
  if (!kid) throw kidNotFound();
  const session = await refusedIfKidGone(() => startSession(ctx, reply, kid, { openedBy: parent.sessionId }));
  return { token: session.handle, learner: toUserRecord(kid, []), message: `Switched to ${kid.name}` };
}

/**
 * Edits one of the parent's kids (anyone else's kid is a 404): the name (by the rule of adding
 * one) and the date of birth. A date that moves the kid into another peer-practice age band (or
 * out of them) frees the kid's upcoming practice times in the same transaction, as a suspension
 * does: they were arranged with kids of the old band, who are told. The kid's row is written
 * before the times are read, so a booking in flight (which holds both kids' rows) is waited for
 * and freed, and a later one reads the new date.
 */
export async function editKid(ctx: AppContext, parentId: string, kidId: string, input: EditKidPayload): Promise<EditedKidResponse> {
  const now = ctx.now();
  const bandOf = (kid: { dob: string | null; timezone: string }) => (kid.dob ? kidPeerAgeBand(kidAgeAt(kid.dob, now, kid.timezone)) : null);
  const { before, kid, freed } = await ctx.db.transaction(async (tx) => {
    await repo.lockParentAndCountKids(tx, parentId);
    const before = await repo.findKid(tx, parentId, kidId);
    if (!before) throw kidNotFound();
    await refuseTakenName(tx, parentId, input.name, kidId);
    const kid = (await repo.updateKid(tx, before.id, input))!;
    const freed = bandOf(before) === bandOf(kid) ? { released: 0, notices: [] } : await releasePracticeTimes(tx, { userId: kid.id }, now);
    return { before, kid, freed };
  });
  pushNotifications(ctx, freed.notices);
  return { kid: toKidSummary(kid), message: kidEditedText(before, kid, freed.released > 0) };
}

/** In a transaction holding the parent's lock: another of their kids with this name is a refusal. */
async function refuseTakenName(tx: Db, parentId: string, name: string, exceptKidId?: string): Promise<void> {
  const twin = (await repo.listKids(tx, parentId)).find((kid) => kid.id !== exceptKidId && sameKidName(kid.name, name));
  if (twin) throw new AppError('VALIDATION_FAILED', kidNameTaken(twin.name), { name: kidNameTaken(twin.name) });
}

/**
 * Removes one of the parent's kid profiles while nothing hangs on it (no session ever booked, no
 * purchase or demo, no peer minutes or practice, no chat), which frees its place among the
 * MAX_KID_PROFILES. The kid's row is locked before the check and deleted in the same transaction,
 * so a purchase or booking for the kid either committed first and is seen, or waits and then
 * finds no kid. A reference the check does not know of makes the database refuse the delete:
 * that is the same refusal. The kid's open sessions end everywhere.
 */
export async function removeKid(ctx: AppContext, reply: FastifyReply, parentId: string, kidId: string): Promise<RemovedKidResponse> {
  let kidName: string | undefined;
  let endedSessions: string[];
  try {
    // The delete reaches every table that references the kid, so it can deadlock with a write to
    // one of them; PostgreSQL's victim changed nothing and runs again.
    endedSessions = await retryingDeadlocks(() =>
      ctx.db.transaction(async (tx) => {
        const kid = await repo.lockKid(tx, parentId, kidId);
        if (!kid) throw kidNotFound();
        kidName = kid.name;
        const ties = await repo.tiesOfKid(tx, kid.id);
        if (ties.length) throw new AppError('CONFLICT', kidRemovalRefusal(kid.name, ties));
        const open = await repo.openSessionIdsOf(tx, kid.id);
        await repo.deleteKid(tx, kid.id);
        return open;
      }),
    );
  } catch (error) {
    if (kidName && isForeignKeyViolation(error)) throw new AppError('CONFLICT', kidRemovalRefusal(kidName, []));
    throw error;
  }
  for (const sid of endedSessions) {
    await ctx.sessionCache.invalidate(sid);
    ctx.realtime.disconnectSession(sid);
  }
  await forgetKidCookie(ctx, reply, kidId);
  return { kidId, message: `${kidName} was removed` };
}

/** The browser that removed the kid drops its cookie for that kid's (now ended) session. */
async function forgetKidCookie(ctx: AppContext, reply: FastifyReply, kidId: string) {
  const token = reply.request.cookies[cookieName('kid')];
  const claims = token ? await ctx.tokens.verify(token) : null;
  if (claims?.sub === kidId) reply.clearCookie(cookieName('kid'), { path: '/' });
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
