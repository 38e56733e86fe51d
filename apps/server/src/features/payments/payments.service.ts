import { eq } from 'drizzle-orm';
import { messages } from '@parley/domain/messages';
import { currencyForCountry, formatMoney, type Money } from '@parley/domain/money';
import { nextOrderStatus, statusForFailure, type CapturePayload } from '@parley/domain/payments';
import { trialPrice } from '@parley/domain/pricing';
import type { z } from 'zod';
import type { capturePayload } from '@parley/domain/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { ProviderEvent } from '../../payments/provider';
import { recordLedgerEntry } from '../../shared/ledger';
import { activateSubscription, findActivePlan, planPrice } from '../../shared/plans';
import { rewardReferrerOnFirstPayment } from '../../shared/referrals';
import { loadPriceSettings } from '../../shared/settings';
import * as repo from './payments.repository';

type Capture = z.infer<typeof capturePayload>;
export type { CapturePayload };

/** spec §7.4 wallet top-ups: at least one rupee or cent, at most 10 lakh rupees or $10,000. */
export const TOP_UP_MIN_MINOR = 100;
export const TOP_UP_MAX_MINOR: Record<'INR' | 'USD', number> = { INR: 100_000_000, USD: 1_000_000 };

/**
 * Creates a provider order for a price the server computed itself; the client's amount must
 * match it (spec §7.4 capture). `userId` null means the auth-less capture: demos only.
 */
export async function createOrder(ctx: AppContext, userId: string | null, input: Capture) {
  const learnerId = userId ?? input.notes.learnerID;
  if (!learnerId) throw new AppError('VALIDATION_FAILED', 'notes.learnerID is required without a session.', { 'notes.learnerID': 'Required' });
  if (userId && input.notes.learnerID && input.notes.learnerID !== userId) throw notFound('Learner not found');
  if (!userId && input.notes.type !== 'Demo') throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  const [learner] = await ctx.db.select().from(users).where(eq(users.id, learnerId));
  if (!learner || learner.role !== 'learner') throw notFound('Learner not found');

  const currency = currencyForCountry(learner.country);
  if (input.currency !== currency) throw new AppError('CURRENCY_MISMATCH', `Payments for your country are in ${currency}.`);
  const { expected, details } = await priceOf(ctx, learner, input);
  if (input.amount !== expected.amountMinor) {
    throw new AppError('AMOUNT_MISMATCH', `The amount must be ${formatMoney(expected)}.`, { amount: `Must be ${expected.amountMinor}` });
  }
  const order = await ctx.payments.createOrder({
    amountMinor: expected.amountMinor,
    currency,
    receipt: `${input.notes.type}-${learner.id.slice(0, 8)}`,
    notes: { type: input.notes.type, learnerID: learner.id },
  });
  await repo.insertOrder(ctx.db, {
    id: order.id,
    provider: ctx.payments.name,
    userId: learner.id,
    purpose: input.notes.type,
    amountMinor: order.amountMinor,
    currency: order.currency,
    details: { ...details, authLess: userId === null },
  });
  return { data: { id: order.id, currency: order.currency, amount: order.amountMinor } };
}

async function priceOf(ctx: AppContext, learner: typeof users.$inferSelect, input: Capture) {
  const currency = currencyForCountry(learner.country);
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
      return { expected: planPrice(plan, currency), details: { planId: plan.id } };
    }
    case 'Wallet': {
      if (input.amount < TOP_UP_MIN_MINOR || input.amount > TOP_UP_MAX_MINOR[currency]) {
        throw new AppError('VALIDATION_FAILED', messages.enterAmount, { amount: 'Out of range' });
      }
      if (!detail.coupon) return { expected: { amountMinor: input.amount, currency }, details: {} };
      const offer = await repo.findOffer(ctx.db, detail.coupon, currency);
      // spec §4 Coupon: applies only when the amount equals the offer's walletAmount.
      if (!offer || offer.walletAmountMinor !== input.amount) throw new AppError('OFFER_NOT_VALID', messages.offerNotValid);
      return { expected: { amountMinor: input.amount, currency }, details: { offerId: offer.id, cashbackMinor: offer.cashbackMinor } };
    }
  }
}

/**
 * The checkout's success handler lands here. Only a signature that verifies, for an order we
 * created and the caller owns, credits or activates anything, and only once.
 */
export async function verifyPayment(ctx: AppContext, userId: string | null, input: { orderId: string; paymentId: string; signature: string }) {
  if (!ctx.payments.verifyPayment(input.orderId, input.paymentId, input.signature)) {
    throw new AppError('PAYMENT_INVALID', 'We could not verify this payment.');
  }
  const order = await repo.findOrder(ctx.db, input.orderId);
  if (!order || !canAct(order, userId)) throw notFound('Order not found');
  await ctx.db.transaction((tx) => fulfil(ctx, tx, order.id, input.paymentId));
  return { status: 'Success' as const, purpose: order.purpose, message: successMessage(order.purpose) };
}

function canAct(order: repo.OrderRow, userId: string | null): boolean {
  return order.userId === userId || order.details.authLess === true;
}

function successMessage(purpose: repo.OrderRow['purpose']): string {
  if (purpose === 'Demo') return messages.demoPurchased;
  if (purpose === 'Plan') return messages.planActivated;
  return messages.moneyAdded;
}

/** Marks the order paid and delivers what it bought; a second call for a paid order does nothing. */
async function fulfil(ctx: AppContext, tx: Db, orderId: string, paymentId: string) {
  const order = await repo.lockOrder(tx, orderId);
  if (!order || order.status === 'Success' || !order.userId) return;
  await repo.setOrderStatus(tx, order.id, { status: nextOrderStatus(order.status, 'Success'), paymentId });
  const paid: Money = { amountMinor: order.amountMinor, currency: order.currency };
  const details = order.details;
  if (order.purpose === 'Wallet') {
    await recordLedgerEntry(tx, { userId: order.userId, amount: paid, kind: 'credit', description: 'Money added', paymentId });
    if (details.cashbackMinor) {
      await recordLedgerEntry(tx, { userId: order.userId, amount: { amountMinor: details.cashbackMinor, currency: order.currency }, kind: 'cashback', description: 'Offer cashback', paymentId });
    }
  } else if (order.purpose === 'Demo') {
    await repo.markDemoPaid(tx, order.userId, details.subject ?? 'English');
  } else if (order.purpose === 'Plan' && details.planId) {
    await activateSubscription(tx, order.userId, await findActivePlan(tx, details.planId), ctx.now());
  }
  await rewardReferrerOnFirstPayment(tx, order.userId, paymentId, ctx.now());
}

/** spec §4: failure → Failed (canceled for PAYMENT_CANCELLED); dismissing → canceled unless already failed. */
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
export async function handleWebhook(ctx: AppContext, event: ProviderEvent) {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.claimWebhookEvent(tx, event.id))) return { duplicate: true };
    if (event.type === 'payment.captured') {
      const order = await repo.findOrder(tx, event.orderId);
      // Only the amount and currency we created the order for count as paid.
      if (order && order.amountMinor === event.amountMinor && order.currency === event.currency) {
        await fulfil(ctx, tx, order.id, event.paymentId);
      }
    } else if (event.type === 'payment.failed') {
      const order = await repo.lockOrder(tx, event.orderId);
      if (order) await repo.setOrderStatus(tx, order.id, { status: nextOrderStatus(order.status, statusForFailure(event.errorCode)), failureCode: event.errorCode ?? null });
    }
    return { duplicate: false };
  });
}
