import { courseMessages } from '@parley/domain/courses';
import { formatSessionTime } from '@parley/domain/live-sessions';
import { messages } from '@parley/domain/messages';
import { topUpProblem } from '@parley/domain/add-money';
import { currencyForCountry, formatMoney, type Currency, type Money } from '@parley/domain/money';
import { unappliedReasons, type UnappliedReason } from '@parley/domain/moderation';
import { nextOrderStatus, statusForFailure, type CapturePayload, type CardPayment } from '@parley/domain/payments';
import { isPeerVerticalPlan, peerAccountPlansOnly } from '@parley/domain/plans';
import { trialPrice } from '@parley/domain/pricing';
import type { z } from 'zod';
import type { capturePayload } from '@parley/domain/payments';
import { letter } from '@parley/domain/mail';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { ProviderEvent } from '../../payments/provider';
import type { SandboxPayOutcome, SandboxProvider } from '../../payments/sandbox';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { loadPriceSettings } from '../pricing/pricing.service';
import { deliverCourseGift, deliverCoursePurchase, deliverCourseSubscription, type DeliveryRefusal, type NotDelivered } from '../courses/courses.service';
import { queueMail, sendAfterCommit, type AfterCommitLog } from '../mail/mail.service';
import { markAffiliateCommission, markAffiliateRefund, queueAffiliateCommission } from '../affiliate/affiliate.service';
import { notify, pushNotifications, type NotificationRow } from '../notifications/notifications.service';
import { queuePeerReferralBonus } from '../peer/peer.service';
import { qualifyReferral, queueReferralReward } from '../referral/referral.service';
import { activateSubscription, assertPlanUnchanged, findActivePlan, planBoughtSinceSeen, planPrice } from '../subscriptions/subscriptions.service';
import { recordLedgerEntry, walletCurrency } from '../wallet/wallet.service';
import * as repo from './payments.repository';

type Capture = z.infer<typeof capturePayload>;
export type { CapturePayload };

/**
 * Creates a provider order for a price the server computed itself; the client's amount must
 * match it. `caller` null means the auth-less capture: demos only; a peer-only caller gets a
 * Peer Learning plan order or a 403.
 */
export async function createOrder(ctx: AppContext, caller: Buyer | null, input: Capture) {
  const userId = caller?.userId ?? null;
  const learnerId = userId ?? input.notes.learnerID;
  if (!learnerId) throw new AppError('VALIDATION_FAILED', 'notes.learnerID is required without a session.', { 'notes.learnerID': 'Required' });
  if (userId && input.notes.learnerID && input.notes.learnerID !== userId) throw notFound('Learner not found');
  if (!userId && input.notes.type !== 'Demo') throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (caller?.role === 'peer') await refuseAllButPeerPlans(ctx.db, input);
  const learner = await repo.findUser(ctx.db, learnerId);
  if (!learner || learner.role !== (caller?.role ?? 'learner')) throw notFound('Learner not found');

  // A top-up is in the currency of the wallet it credits, which is fixed when the wallet is made.
  const currency = input.notes.type === 'Wallet' ? await walletCurrency(ctx.db, learner.id) : currencyForCountry(learner.country);
  if (input.currency !== currency) {
    throw new AppError('CURRENCY_MISMATCH', input.notes.type === 'Wallet' ? `Your wallet is in ${currency}, so money is added in ${currency}.` : `Payments for your country are in ${currency}.`);
  }
  const { expected, details } = await priceOf(ctx, learner, currency, input);
  if (input.amount !== expected.amountMinor) {
    throw new AppError('AMOUNT_MISMATCH', `The amount must be ${formatMoney(expected)}.`, { amount: `Must be ${expected.amountMinor}` });
  }
  if (input.notes.type === 'Demo' && userId) {
    // One open demo order per learner and subject: a second checkout gets the same order, so a demo is paid once.
    // (Anyone may start an auth-less demo checkout, so those are never shared; a second one paid is kept for support.)
    const open = await repo.findOpenDemoOrder(ctx.db, learner.id, details.subject ?? 'English');
    if (open && open.amountMinor === expected.amountMinor && open.currency === currency) return { data: { id: open.id, currency: open.currency, amount: open.amountMinor } };
    if (open) await repo.setOrderStatus(ctx.db, open.id, { status: 'canceled' });
  }
  if (input.notes.type === 'Plan' && userId) return { data: await createPurchaseOrder(ctx, { userId, purpose: 'Plan', amount: expected, details }) };
  const order = await ctx.payments.createOrder({
    amountMinor: expected.amountMinor,
    currency,
    receipt: `${input.notes.type}-${learner.id.slice(0, 8)}`,
    notes: { type: input.notes.type, learnerID: learner.id },
  });
  const row = { id: order.id, provider: ctx.payments.name, userId: learner.id, purpose: input.notes.type, amountMinor: order.amountMinor, currency: order.currency, details: { ...details, authLess: userId === null } };
  try {
    await repo.insertOrder(ctx.db, row);
  } catch (error) {
    // A concurrent checkout for the same demo won the unique index: both pay the one order.
    const open = pgErrorCode(error) === UNIQUE_VIOLATION ? await repo.findOpenDemoOrder(ctx.db, learner.id, details.subject ?? 'English') : undefined;
    if (!open) throw error;
    return { data: { id: open.id, currency: open.currency, amount: open.amountMinor } };
  }
  return { data: { id: order.id, currency: order.currency, amount: order.amountMinor } };
}

/** Who starts a checkout: a learner, or a peer-only account (spec §6), which may buy only Peer Learning plans. */
export type Buyer = { userId: string; role: 'learner' | 'peer' };

/**
 * The peer credential buys a Peer Learning plan and nothing else (no wallet top-up, no demo, no
 * other plan): anything else is refused with 403 before an order exists.
 */
async function refuseAllButPeerPlans(db: Db, input: Capture) {
  if (input.notes.type !== 'Plan') throw new AppError('FORBIDDEN', peerAccountPlansOnly);
  const planId = input.notes.paymentDetails.planId;
  if (!planId) throw new AppError('VALIDATION_FAILED', 'Choose a plan.', { 'notes.paymentDetails.planId': 'Required' });
  if (!isPeerVerticalPlan(await findActivePlan(db, planId))) throw new AppError('FORBIDDEN', peerAccountPlansOnly);
}

/** What other features sell through the checkout: an order of their purpose for a price they computed. */
export type PurchaseOrderInput = {
  userId: string;
  purpose: 'Plan' | 'Courses' | 'CourseGift' | 'CourseSubscription';
  amount: Money;
  details: Pick<repo.OrderRow['details'], 'planId' | 'seenSubscriptionId' | 'courseIds' | 'coursePrices' | 'giftId' | 'subject'>;
};

const orderView = (order: Pick<repo.OrderRow, 'id' | 'currency' | 'amountMinor'>) => ({ id: order.id, currency: order.currency, amount: order.amountMinor });

/** The same thing bought: the same plan, or the same courses (in any order), or the same subject, or the same gift. */
const detailsKey = (details: PurchaseOrderInput['details']) => JSON.stringify([details.planId ?? null, [...(details.courseIds ?? [])].sort(), details.subject ?? null, details.giftId ?? null]);

/** The learner's open (unpaid) order for the same purpose, details, amount and currency, if any. */
async function findOpenPurchaseOrder(db: Db, input: PurchaseOrderInput) {
  const open = await repo.listOpenOrders(db, input.userId, input.purpose, input.amount);
  return open.find((order) => detailsKey(order.details) === detailsKey(input.details));
}

/**
 * Creates the provider order and its row; the checkout then pays it and POST /api/payments/verify
 * delivers it. Plans, courses and course subscriptions reuse the learner's open order for the same
 * thing at the same price, as demo orders do, so checkouts started twice (a double click, two
 * tabs) share one order and can be paid once. The find-or-insert runs under a lock per learner
 * and purpose; a request that loses leaves its own provider order unused (never paid, it costs
 * nothing). Each gift is a new gift, so it always gets its own order.
 */
export async function createPurchaseOrder(ctx: AppContext, input: PurchaseOrderInput) {
  const reusable = input.purpose !== 'CourseGift';
  const open = reusable ? await findOpenPurchaseOrder(ctx.db, input) : undefined;
  if (open) return orderView(open);
  const order = await ctx.payments.createOrder({
    amountMinor: input.amount.amountMinor,
    currency: input.amount.currency,
    receipt: `${input.purpose}-${input.userId.slice(0, 8)}`,
    notes: { type: input.purpose, learnerID: input.userId },
  });
  const row = { id: order.id, provider: ctx.payments.name, userId: input.userId, purpose: input.purpose, amountMinor: order.amountMinor, currency: order.currency, details: input.details };
  if (!reusable) {
    await repo.insertOrder(ctx.db, row);
    return orderView(row);
  }
  // The provider call stays outside the transaction: it is slow, and the sandbox writes through the shared connection.
  return ctx.db.transaction(async (tx) => {
    await repo.lockOpenOrdersOf(tx, input.userId, input.purpose);
    const meanwhile = await findOpenPurchaseOrder(tx, input);
    if (meanwhile) return orderView(meanwhile);
    await repo.insertOrder(tx, row);
    return orderView(row);
  });
}

async function priceOf(ctx: AppContext, learner: repo.UserRow, currency: Currency, input: Capture) {
  const detail = input.notes.paymentDetails;
  switch (input.notes.type) {
    case 'Demo': {
      const subject = detail.subject === 'IELTS' ? 'IELTS' : 'English';
      if (subject === 'IELTS' ? learner.isIeltsDemoPayed : learner.isDemoPayed) throw new AppError('CONFLICT', 'Your demo is already paid.');
      return { expected: trialPrice({ country: learner.country, subject, settings: await loadPriceSettings(ctx.db) }), details: { subject } };
    }
    case 'Plan': {
      if (!detail.planId) throw new AppError('VALIDATION_FAILED', 'Choose a plan.', { 'notes.paymentDetails.planId': 'Required' });
      const plan = await findActivePlan(ctx.db, detail.planId);
      // A stale page (a plan bought since in another tab) is told before a second checkout opens;
      // what the page showed goes with the order, for the payment to be checked against too.
      if (detail.currentSubscriptionId === undefined) return { expected: planPrice(plan, currency), details: { planId: plan.id } };
      await assertPlanUnchanged(ctx.db, learner.id, plan, detail.currentSubscriptionId, ctx.now());
      return { expected: planPrice(plan, currency), details: { planId: plan.id, seenSubscriptionId: detail.currentSubscriptionId } };
    }
    case 'Wallet': {
      const problem = topUpProblem({ amountMinor: input.amount, currency });
      if (problem) throw new AppError('VALIDATION_FAILED', problem, { amount: problem });
      if (!detail.coupon) return { expected: { amountMinor: input.amount, currency }, details: {} };
      const offer = await repo.findOffer(ctx.db, detail.coupon, currency);
      // A coupon applies only when the amount equals its offer's walletAmount.
      if (!offer || offer.walletAmountMinor !== input.amount) throw new AppError('OFFER_NOT_VALID', messages.offerNotValid);
      return { expected: { amountMinor: input.amount, currency }, details: { offerId: offer.id, cashbackMinor: offer.cashbackMinor } };
    }
  }
}

/**
 * The checkout's success handler lands here. Only a signature that verifies, for an order we
 * created and the caller owns, credits or activates anything, and only once.
 */
export async function verifyPayment(ctx: AppContext, userId: string | null, input: { orderId: string; paymentId: string; signature: string }, log: AfterCommitLog) {
  if (!ctx.payments.verifyPayment(input.orderId, input.paymentId, input.signature)) {
    throw new AppError('PAYMENT_INVALID', 'We could not verify this payment.');
  }
  const order = await repo.findOrder(ctx.db, input.orderId);
  if (!order || !canAct(order, userId)) throw notFound('Order not found');
  const outcome = await ctx.db.transaction((tx) => fulfil(ctx, tx, order.id, input.paymentId));
  await afterFulfil(ctx, outcome, log);
  if (outcome.unapplied) throw new AppError('PAYMENT_UNAPPLIED', `${messages.paymentNotApplied} ${unappliedReasons[outcome.unapplied]}`);
  return { status: 'Success' as const, purpose: order.purpose, message: outcome.partly ? `${successMessage(order.purpose)}. ${outcome.partly}` : successMessage(order.purpose) };
}

function canAct(order: repo.OrderRow, userId: string | null): boolean {
  return order.userId === userId || order.details.authLess === true;
}

function successMessage(purpose: repo.OrderRow['purpose']): string {
  if (purpose === 'Demo') return messages.demoPurchased;
  if (purpose === 'Plan') return messages.planActivated;
  if (purpose === 'Courses') return courseMessages.coursesPurchased;
  if (purpose === 'CourseGift') return courseMessages.giftSent;
  if (purpose === 'CourseSubscription') return courseMessages.courseSubscriptionActivated;
  return messages.moneyAdded;
}

type FulfilOutcome = { unapplied?: UnappliedReason; partly?: string; notices?: NotificationRow[]; referredUserId?: string; mailIds?: string[]; affiliatePaymentId?: string; peerPlanSubscriptionId?: string };

/**
 * Marks the order paid and delivers what it bought, once: a second call for a paid order only
 * reports what the first did. A captured payment that cannot be applied is recorded for
 * support (never dropped), and the referee's first payment qualifies their referrer's reward,
 * which is paid later by its own job so it can never fail this payment. A learner an affiliate
 * brought gets a pending commission line the same way: the commission job credits it.
 */
async function fulfil(ctx: AppContext, tx: Db, orderId: string, paymentId: string, captured?: Money): Promise<FulfilOutcome> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order?.userId) return {};
  if (order.status === 'Success') {
    const recorded = order.paymentId ? await repo.findUnappliedPayment(tx, order.paymentId) : undefined;
    if (!recorded) return {};
    return isPartOfCourses(order, recorded) ? { partly: partlyDelivered(recorded) } : { unapplied: recorded.reason };
  }
  // A payment id belongs to one order: a claim that it paid another one is not believed.
  if (await repo.paymentIdTakenByOtherOrder(tx, paymentId, order.id)) return {};
  const paid: Money = { amountMinor: order.amountMinor, currency: order.currency };
  const unappliedRecord = (reason: UnappliedReason, money: Money) =>
    repo.insertUnappliedPayment(tx, { orderId: order.id, paymentId, userId: order.userId, purpose: order.purpose, amountMinor: money.amountMinor, currency: money.currency, reason });
  if (captured && (captured.amountMinor !== paid.amountMinor || captured.currency !== paid.currency)) {
    // Not what the order asked for, so the order stays open; support sees the capture.
    await unappliedRecord('AMOUNT_MISMATCH', captured);
    return { unapplied: 'AMOUNT_MISMATCH' };
  }
  // The checkout's verification names no amount: a payment the webhook found captured for another amount stays unpaid.
  if ((await repo.findUnappliedPayment(tx, paymentId))?.reason === 'AMOUNT_MISMATCH') return { unapplied: 'AMOUNT_MISMATCH' };
  await repo.setOrderStatus(tx, order.id, { status: nextOrderStatus(order.status, 'Success'), paymentId });
  const mailIds: string[] = [];
  const delivered: Delivered = {};
  const unapplied = await applyOrSavepoint(tx, () => deliver(ctx, tx, order, paid, paymentId, mailIds, delivered));
  if (unapplied) {
    await unappliedRecord(unapplied, paid);
    return { unapplied };
  }
  const left = delivered.notDelivered ? { reason: unappliedReasonOf(delivered.notDelivered.refusal), ...delivered.notDelivered.amount } : undefined;
  // Kept for support, and the learner told in the bell too: a payment confirmed by the webhook alone has no page to say it.
  const notices: NotificationRow[] = [];
  if (left) {
    await unappliedRecord(left.reason, left);
    notices.push(await notify(tx, order.userId, { kind: 'payment_partly_applied', title: 'Part of your payment will be refunded', body: partlyDelivered(left), link: '/courses/myCourses' }));
  }
  // The affiliate's commission is on the whole payment: the provider's refund of the kept part takes its share back.
  // A referral qualifies on what was delivered (a reward is never taken back).
  const used: Money = left ? { amountMinor: paid.amountMinor - left.amountMinor, currency: paid.currency } : paid;
  const affiliate = await markAffiliateCommission(tx, { learnerId: order.userId, paymentId, paid, paidAt: ctx.now() });
  const receipt = await queueReceipt(ctx, tx, order, paid, paymentId, left ? partlyDelivered(left) : undefined);
  if (receipt) mailIds.push(receipt);
  return {
    mailIds,
    notices,
    ...(left ? { partly: partlyDelivered(left) } : {}),
    ...(delivered.peerPlanSubscriptionId ? { peerPlanSubscriptionId: delivered.peerPlanSubscriptionId } : {}),
    ...((await qualifyReferral(tx, order.userId, used, paymentId)) ? { referredUserId: order.userId } : {}),
    ...(affiliate ? { affiliatePaymentId: paymentId } : {}),
  };
}

/** Delivers in a savepoint, so a refusal (already paid, plan gone) rolls back only the delivery. */
async function applyOrSavepoint(tx: Db, run: () => Promise<void>): Promise<UnappliedReason | undefined> {
  try {
    await tx.transaction(async () => run());
    return undefined;
  } catch (error) {
    if (error instanceof UnappliedError) return error.reason;
    if (error instanceof AppError) return error.code === 'NOT_FOUND' ? 'PLAN_UNAVAILABLE' : 'NOT_APPLICABLE';
    throw error;
  }
}

class UnappliedError extends Error {
  constructor(readonly reason: UnappliedReason) {
    super(reason);
  }
}

const unappliedReasonOf = (refusal: DeliveryRefusal) => (refusal === 'owned' ? ('ALREADY_PAID' as const) : ('COURSE_UNAVAILABLE' as const));

/** What a course delivery refused becomes: the whole delivery rolls back and the payment is kept for support. */
const courseRefusal = (refusal: DeliveryRefusal) => new UnappliedError(unappliedReasonOf(refusal));

/** A record kept for part of a Courses payment (some of its courses owned or off sale by then), the rest delivered. */
const isPartOfCourses = (order: repo.OrderRow, recorded: { reason: UnappliedReason; amountMinor: number }) =>
  order.purpose === 'Courses' && (recorded.reason === 'ALREADY_PAID' || recorded.reason === 'COURSE_UNAVAILABLE') && recorded.amountMinor < order.amountMinor;

/** What the learner is told of the part of a Courses payment that was kept for support. */
const partlyDelivered = (left: { reason: UnappliedReason } & Money) =>
  courseMessages.partlyDelivered(left.reason === 'ALREADY_PAID' ? 'ALREADY_PAID' : 'COURSE_UNAVAILABLE', formatMoney(left));

/** What a delivery leaves for after the commit, besides e-mails: a peer plan's referral bonus, a Courses order's part not delivered. */
type Delivered = { peerPlanSubscriptionId?: string; notDelivered?: NotDelivered };

/** Delivers what the order bought; e-mails it queued are added to `mailIds`, to be sent after commit. */
async function deliver(ctx: AppContext, tx: Db, order: repo.OrderRow, paid: Money, paymentId: string, mailIds: string[], delivered: Delivered) {
  const userId = order.userId!;
  const details = order.details;
  if (order.purpose === 'Wallet') {
    await recordLedgerEntry(tx, { userId, amount: paid, kind: 'credit', description: 'Money added', paymentId });
    if (details.cashbackMinor) {
      await recordLedgerEntry(tx, { userId, amount: { amountMinor: details.cashbackMinor, currency: order.currency }, kind: 'cashback', description: 'Offer cashback', paymentId });
    }
  } else if (order.purpose === 'Demo') {
    if (!(await repo.markDemoPaid(tx, userId, details.subject ?? 'English'))) throw new UnappliedError('ALREADY_PAID');
  } else if (order.purpose === 'Plan' && details.planId) {
    const plan = await findActivePlan(tx, details.planId);
    // A checkout left open on an order its page then closed and bought again (another tab): one decision, charged once.
    if (details.seenSubscriptionId !== undefined && (await planBoughtSinceSeen(tx, userId, plan, details.seenSubscriptionId, ctx.now()))) {
      throw new UnappliedError('ALREADY_PAID');
    }
    const subscription = await activateSubscription(tx, userId, plan, ctx.now());
    if (plan.peerMinutes > 0) delivered.peerPlanSubscriptionId = subscription.id;
  } else if (order.purpose === 'Courses') {
    const delivery = await deliverCoursePurchase(tx, { userId, courseIds: details.courseIds ?? [], coursePrices: details.coursePrices, paid, orderId: order.id });
    if ('refusal' in delivery) throw courseRefusal(delivery.refusal);
    if (delivery.notDelivered) delivered.notDelivered = delivery.notDelivered;
  } else if (order.purpose === 'CourseGift') {
    const delivered = details.giftId ? await deliverCourseGift(ctx, tx, details.giftId) : { refusal: 'unavailable' as const };
    if ('refusal' in delivered) throw courseRefusal(delivered.refusal);
    mailIds.push(delivered.mailId);
  } else if (order.purpose === 'CourseSubscription') {
    const refusal = await deliverCourseSubscription(tx, { userId, subject: details.subject, paid, orderId: order.id, now: ctx.now() });
    if (refusal) throw courseRefusal(refusal);
  }
}

/**
 * What happens after the payment's transaction committed: the referrer's reward and the affiliate's commission are queued, the
 * delivery's e-mails leave. The payment stands whatever happens here, so a failure to queue is
 * logged, not answered: the start-up re-queues (qualified referrals, queued e-mails) finish it.
 */
async function afterFulfil(ctx: AppContext, outcome: FulfilOutcome, log: AfterCommitLog) {
  if (outcome.notices) pushNotifications(ctx, outcome.notices);
  if (outcome.referredUserId) {
    try {
      await queueReferralReward(ctx, outcome.referredUserId);
    } catch (error) {
      log.error({ err: error, referredUserId: outcome.referredUserId }, 'could not queue a referral reward; it is queued at the next start');
    }
  }
  if (outcome.peerPlanSubscriptionId) {
    try {
      await queuePeerReferralBonus(ctx, outcome.peerPlanSubscriptionId);
    } catch (error) {
      log.error({ err: error, subscriptionId: outcome.peerPlanSubscriptionId }, 'could not queue a peer referral bonus; it is queued at the next start');
    }
  }
  if (outcome.affiliatePaymentId) {
    try {
      await queueAffiliateCommission(ctx, outcome.affiliatePaymentId);
    } catch (error) {
      log.error({ err: error, paymentId: outcome.affiliatePaymentId }, 'could not queue an affiliate commission; it is queued at the next start');
    }
  }
  for (const mailId of outcome.mailIds ?? []) await sendAfterCommit(ctx, mailId, log);
}

/** A failure makes the order Failed (canceled for PAYMENT_CANCELLED); dismissing the checkout cancels it unless it already failed. */
export async function updateOrderStatus(ctx: AppContext, userId: string | null, input: { orderid: string; status: 'Failed' | 'canceled'; failureCode?: string | undefined }) {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, input.orderid);
    if (!order || !canAct(order, userId)) throw notFound('Order not found');
    const requested = input.status === 'Failed' ? statusForFailure(input.failureCode) : 'canceled';
    await repo.setOrderStatus(tx, order.id, { status: nextOrderStatus(order.status, requested), failureCode: input.failureCode ?? order.failureCode });
  });
  const order = await repo.findOrder(ctx.db, input.orderid);
  return { orderid: input.orderid, status: order!.status };
}

/** A verified webhook: handled once per event id, in the same transaction as its effect. */
export async function handleWebhook(ctx: AppContext, event: ProviderEvent, log: AfterCommitLog) {
  const handled = await ctx.db.transaction(async (tx): Promise<{ duplicate: boolean; outcome?: FulfilOutcome }> => {
    if (!(await repo.claimWebhookEvent(tx, event.id))) return { duplicate: true };
    if (event.type === 'refund.processed') return { duplicate: false, outcome: await recordRefund(tx, event) };
    if (event.type === 'payment.captured') {
      // Only the amount and currency we created the order for count as paid; any other capture is kept for support.
      return { duplicate: false, outcome: await fulfil(ctx, tx, event.orderId, event.paymentId, { amountMinor: event.amountMinor, currency: event.currency }) };
    } else if (event.type === 'payment.failed') {
      const order = await repo.lockOrder(tx, event.orderId);
      if (order) await repo.setOrderStatus(tx, order.id, { status: nextOrderStatus(order.status, statusForFailure(event.errorCode)), failureCode: event.errorCode ?? null });
    }
    return { duplicate: false };
  });
  if (handled.outcome) await afterFulfil(ctx, handled.outcome, log);
  return { duplicate: handled.duplicate };
}

/**
 * A refund the provider processed (made from its dashboard; Parley starts none yet): kept once
 * per refund id, and the payment's refunded total marks the affiliate's commission line, whose
 * job takes back the refunded share. Only refunds of payments we applied count.
 */
async function recordRefund(tx: Db, event: Extract<ProviderEvent, { type: 'refund.processed' }>): Promise<FulfilOutcome> {
  const order = await repo.findOrderByPayment(tx, event.paymentId);
  if (!order || order.status !== 'Success' || order.currency !== event.currency) return {};
  if (!(await repo.insertRefund(tx, { id: event.refundId, paymentId: event.paymentId, amountMinor: event.amountMinor, currency: event.currency }))) return {};
  const refundedTotal = Math.min(await repo.refundedTotalMinor(tx, event.paymentId), order.amountMinor);
  return (await markAffiliateRefund(tx, event.paymentId, refundedTotal)) ? { affiliatePaymentId: event.paymentId } : {};
}

/** The sandbox checkout's Pay / Fail: the signed-in learner settles an order of their own. */
export async function settleSandboxOrder(ctx: AppContext, sandbox: SandboxProvider, userId: string, input: SandboxPayOutcome & { orderId: string }) {
  const order = await repo.findOrder(ctx.db, input.orderId);
  if (!order || order.userId !== userId) throw notFound('Order not found');
  return sandbox.settle(order.id, input);
}

/** The buyer's card payments, newest first: what each bought, what was refunded, what waits for support. */
export async function listMyPayments(ctx: AppContext, userId: string, page: { page: number; limit: number }): Promise<{ items: CardPayment[]; total: number }> {
  const { rows, total } = await repo.listPaidOrders(ctx.db, userId, page.limit, (page.page - 1) * page.limit);
  const names = await namesFor(ctx.db, rows.map((r) => r.order));
  const money = (amountMinor: number, currency: Currency): Money | null => (amountMinor > 0 ? { amountMinor, currency } : null);
  return {
    total,
    items: rows.map(({ order, paidAt, keptMinor, waitingMinor, refundedMinor }) => ({
      _id: order.id,
      purpose: order.purpose,
      description: paymentDescription(order, names),
      // An open order's money is only what was captured for it (kept for support).
      amount: { amountMinor: order.status === 'Success' ? order.amountMinor : keptMinor, currency: order.currency },
      refunded: money(refundedMinor, order.currency),
      notApplied: money(waitingMinor, order.currency),
      paidAt: paidAt.toISOString(),
    })),
  };
}

type Names = { planNames: Map<string, string>; courseTitles: Map<string, string>; gifts: Map<string, { courseId: string; recipientName: string }> };

/** The plans, courses and gifts the orders name, read once for all of them. */
async function namesFor(db: Db, orders: repo.OrderRow[]): Promise<Names> {
  const details = orders.map((order) => order.details);
  const gifts = await repo.giftsById(db, details.flatMap((d) => (d.giftId ? [d.giftId] : [])));
  const [planNames, courseTitles] = await Promise.all([
    repo.planNames(db, details.flatMap((d) => (d.planId ? [d.planId] : []))),
    repo.courseTitles(db, [...details.flatMap((d) => d.courseIds ?? []), ...[...gifts.values()].map((g) => g.courseId)]),
  ]);
  return { planNames, courseTitles, gifts };
}

/**
 * The buyer's receipt for a card payment Parley applied (in whole or in part), queued in the
 * payment's transaction: what it was for, when (in the buyer's zone) and its ids. A payment kept
 * for support gets none: the learner is told of it, and support answers.
 */
async function queueReceipt(ctx: AppContext, tx: Db, order: repo.OrderRow, paid: Money, paymentId: string, partly: string | undefined): Promise<string | null> {
  const buyer = await repo.findUser(tx, order.userId!);
  if (!buyer?.email) return null;
  const amount = formatMoney(paid);
  const cardPayments = buyer.role === 'peer' ? '/peer-learning/subscription-plans' : '/wallet';
  const text = letter(buyer.name, [
    `Thank you: we received your payment of ${amount}.`,
    '',
    `For: ${paymentDescription(order, await namesFor(tx, [order]))}`,
    `Received on: ${formatSessionTime(ctx.now(), buyer.timezone)}`,
    `Payment id: ${paymentId}`,
    `Order id: ${order.id}`,
    ...(partly ? ['', partly] : []),
    '',
    `Your card payments: ${ctx.config.publicUrl}${cardPayments}`,
  ]);
  return queueMail(tx, { to: buyer.email, subject: `Your Parley receipt: ${amount}`, text, topic: `payment-receipt:${order.id}` });
}

/** What a payment bought, in the buyer's words. */
function paymentDescription(order: repo.OrderRow, names: Names): string {
  const { details } = order;
  const courseTitle = (courseId: string) => names.courseTitles.get(courseId) ?? 'a course';
  switch (order.purpose) {
    case 'Wallet':
      return details.cashbackMinor ? `Money added to your wallet, with ${formatMoney({ amountMinor: details.cashbackMinor, currency: order.currency })} cashback` : 'Money added to your wallet';
    case 'Demo':
      return `${details.subject ?? 'English'} demo`;
    case 'Plan':
      return `Plan: ${(details.planId && names.planNames.get(details.planId)) ?? 'a plan'}`;
    case 'Courses': {
      const titles = (details.courseIds ?? []).map(courseTitle);
      return `${titles.length === 1 ? 'Course' : 'Courses'}: ${titles.join(', ')}`;
    }
    case 'CourseGift': {
      const gift = details.giftId ? names.gifts.get(details.giftId) : undefined;
      return gift ? `Gift: ${courseTitle(gift.courseId)} for ${gift.recipientName}` : 'A course gift';
    }
    case 'CourseSubscription':
      return `${details.subject ?? 'Course'} course subscription`;
  }
}
