import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { AFFILIATE_PAYOUT_MINIMUM_MINOR, bankDetailsPayload, maskAccountNumber, type BankDetailsPayload } from '@parley/domain/affiliate';
import type { BankDetailsView, Payout, PayoutsOverview } from '@parley/domain/affiliate-api';
import { formatMoney } from '@parley/domain/money';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import { open, seal } from '../../lib/sealed-box';
import * as repo from './affiliate.repository';
import { earningsCurrency } from './affiliate.service';

/*
 * Bank Details (/affiliate/payouts) and payouts. The details are sealed with AES-256-GCM under
 * BANK_DETAILS_KEY, bound to the affiliate's id; answers carry only the last four of the account.
 * A payout takes its amount out of the balance under the balance row's lock, so requests racing
 * each other never pay more than the balance; the payout job then marks it paid.
 */

export const AFFILIATE_PAYOUT_JOB = 'affiliate-payout';

type Parsed = z.output<typeof bankDetailsPayload>;
const accountOf = (details: Parsed) => (details.kind === 'IN' ? details.accountNumber : details.iban);

function viewOf(details: Parsed, updatedAt: Date): BankDetailsView {
  const common = { accountHolder: details.accountHolder, account: maskAccountNumber(accountOf(details)), updatedAt: updatedAt.toISOString() };
  return details.kind === 'IN' ? { kind: 'IN', ...common, ifsc: details.ifsc } : { kind: 'INTL', ...common, swift: details.swift };
}

async function influencerOf(ctx: AppContext, userId: string) {
  const influencer = await repo.findInfluencer(ctx.db, userId);
  if (!influencer) throw notFound('Affiliate not found');
  return influencer;
}

export async function bankDetails(ctx: AppContext, userId: string): Promise<{ bankDetails: BankDetailsView | null }> {
  await influencerOf(ctx, userId);
  const row = await repo.findBankDetails(ctx.db, userId);
  if (!row) return { bankDetails: null };
  const details = bankDetailsPayload.parse(JSON.parse(open(ctx.config.bankDetailsKey, row.sealed, userId)));
  return { bankDetails: viewOf(details, row.updatedAt) };
}

export async function saveBankDetails(ctx: AppContext, userId: string, input: BankDetailsPayload): Promise<{ bankDetails: BankDetailsView }> {
  await influencerOf(ctx, userId);
  const details = bankDetailsPayload.parse(input);
  const account = accountOf(details);
  const updatedAt = ctx.now();
  await repo.upsertBankDetails(ctx.db, { influencerId: userId, kind: details.kind, sealed: seal(ctx.config.bankDetailsKey, JSON.stringify(details), userId), accountLast4: account.slice(-4), updatedAt });
  return { bankDetails: viewOf(details, updatedAt) };
}

const payoutView = (row: Awaited<ReturnType<typeof repo.listPayouts>>[number]): Payout => ({
  id: row.id,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  status: row.status,
  account: `•••• ${row.accountLast4}`,
  requestedAt: row.requestedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

export async function payoutsOverview(ctx: AppContext, userId: string): Promise<PayoutsOverview> {
  const influencer = await influencerOf(ctx, userId);
  const [currency, balance, details, rows] = await Promise.all([earningsCurrency(ctx, influencer), repo.findBalance(ctx.db, userId), repo.findBankDetails(ctx.db, userId), repo.listPayouts(ctx.db, userId)]);
  return {
    available: { amountMinor: balance?.balanceMinor ?? 0, currency },
    minimum: { amountMinor: AFFILIATE_PAYOUT_MINIMUM_MINOR[currency], currency },
    hasBankDetails: details !== undefined,
    items: rows.map(payoutView),
  };
}

/** Takes the amount out of the balance (locked) and queues the payout; never more than the balance. */
export async function requestPayout(ctx: AppContext, userId: string, amountMinor: number): Promise<Payout> {
  const influencer = await influencerOf(ctx, userId);
  const currency = await earningsCurrency(ctx, influencer);
  const payout = await ctx.db.transaction(async (tx) => {
    const balance = await repo.createAndLockBalance(tx, userId, currency);
    const details = await repo.findBankDetails(tx, userId);
    if (!details) throw new AppError('CONFLICT', 'Add your bank details before asking for a payout.');
    const minimum = { amountMinor: AFFILIATE_PAYOUT_MINIMUM_MINOR[balance.currency], currency: balance.currency };
    if (amountMinor < minimum.amountMinor) {
      throw new AppError('VALIDATION_FAILED', `A payout is at least ${formatMoney(minimum)}.`, { amountMinor: `At least ${minimum.amountMinor}` });
    }
    if (amountMinor > balance.balanceMinor) {
      throw new AppError('INSUFFICIENT_BALANCE', `You can ask for at most ${formatMoney({ amountMinor: Math.max(0, balance.balanceMinor), currency: balance.currency })}.`);
    }
    const row = await repo.insertPayout(tx, { influencerId: userId, amountMinor, currency: balance.currency, accountLast4: details.accountLast4, requestedAt: ctx.now() });
    await repo.insertLedgerEntryAndSetBalance(tx, {
      influencerId: userId,
      kind: 'payout',
      amountMinor,
      currency: balance.currency,
      closingBalanceMinor: balance.balanceMinor - amountMinor,
      payoutId: row.id,
      sourceKey: `payout:${row.id}`,
    });
    return row;
  });
  await ctx.jobs.send(AFFILIATE_PAYOUT_JOB, { payoutId: payout.id });
  return payoutView(payout);
}

/**
 * The payout job. The sandbox pays at once; with a real payment provider there is no payout
 * adapter yet, so the request stays "requested" for the team to pay by hand.
 */
export async function sendPayout(ctx: AppContext, payoutId: string): Promise<void> {
  if (!ctx.sandbox) return;
  await repo.markPayoutPaid(ctx.db, payoutId, `sandbox_payout_${randomBytes(8).toString('hex')}`, ctx.now());
}

export async function registerAffiliatePayoutJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ payoutId: string }>(AFFILIATE_PAYOUT_JOB, ({ payoutId }) => sendPayout(ctx, payoutId), { retryLimit: 10, retryDelaySeconds: 30, retryBackoff: true });
  if (ctx.sandbox) for (const payoutId of await repo.requestedPayoutIds(ctx.db)) await ctx.jobs.send(AFFILIATE_PAYOUT_JOB, { payoutId });
}
