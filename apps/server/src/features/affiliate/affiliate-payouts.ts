import type { z } from 'zod';
import { AFFILIATE_PAYOUT_MINIMUM_MINOR, bankDetailsPayload, maskAccountNumber, payoutRefusal, type BankDetailsPayload } from '@parley/domain/affiliate';
import type { BankDetailsView, Payout, PayoutsOverview } from '@parley/domain/affiliate-api';
import { formatMoney } from '@parley/domain/money';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../http/app-error';
import { open, seal } from '../../lib/sealed-box';
import type { PayoutDestination, PayoutState } from '../../payments/payout-provider';
import { notify, pushNotifications, type NewNotification } from '../notifications/notifications.service';
import * as repo from './affiliate.repository';
import { earningsCurrency } from './affiliate.service';

/*
 * Bank Details (/affiliate/payouts) and payouts. The details are sealed with AES-256-GCM under
 * BANK_DETAILS_KEY, bound to the affiliate's id; answers carry only the last four of the account.
 * A payout takes its amount out of the balance under the balance row's lock, so requests racing
 * each other never pay more than the balance; the payout job then sends it through the payout
 * provider (ctx.payouts): the sandbox pays at once; RazorpayX answers `processing`, and the same
 * job, sent again later, asks until the payout is processed (paid, with the bank's UTR) or
 * failed, when the amount goes back to the balance in one ledger entry. Either way the affiliate's
 * bell is told once, in the transaction that settles the payout.
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

/**
 * Saves the bank details, unless a payout is on its way: a retried payout job reads them again, and
 * new details the provider refused would fail (and give back) a payout it may already have made.
 * The balance's lock orders this with a payout being asked for.
 */
export async function saveBankDetails(ctx: AppContext, userId: string, input: BankDetailsPayload): Promise<{ bankDetails: BankDetailsView }> {
  const influencer = await influencerOf(ctx, userId);
  const currency = await earningsCurrency(ctx, influencer);
  const details = bankDetailsPayload.parse(input);
  const account = accountOf(details);
  const updatedAt = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.createAndLockBalance(tx, userId, currency);
    if (await repo.hasOpenPayout(tx, userId)) throw new AppError('CONFLICT', 'A payout is on its way. Change your bank details once it is paid or returned.');
    await repo.upsertBankDetails(tx, { influencerId: userId, kind: details.kind, sealed: seal(ctx.config.bankDetailsKey, JSON.stringify(details), userId), accountLast4: account.slice(-4), updatedAt });
  });
  return { bankDetails: viewOf(details, updatedAt) };
}

const payoutView = (row: Awaited<ReturnType<typeof repo.listPayouts>>[number]): Payout => ({
  id: row.id,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  status: row.status,
  account: `•••• ${row.accountLast4}`,
  requestedAt: row.requestedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  failureReason: row.failureReason,
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
    // Refused before the balance is taken: e.g. RazorpayX cannot pay IBAN/SWIFT accounts.
    const refusal = ctx.payouts.refusal({ currency: balance.currency, destinationKind: details.kind });
    if (refusal) throw new AppError('CONFLICT', refusal);
    const refused = payoutRefusal(amountMinor, { amountMinor: balance.balanceMinor, currency: balance.currency });
    if (refused?.kind === 'belowMinimum') {
      throw new AppError('VALIDATION_FAILED', refused.message, { amountMinor: `At least ${AFFILIATE_PAYOUT_MINIMUM_MINOR[balance.currency]}` });
    }
    if (refused) throw new AppError('INSUFFICIENT_BALANCE', refused.message);
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
    // The job commits with the payout: a request cannot leave a debited payout without one.
    await ctx.jobs.insertWithin(tx, [{ name: AFFILIATE_PAYOUT_JOB, data: { payoutId: row.id } satisfies PayoutJob }]);
    return row;
  });
  return payoutView(payout);
}

type PayoutJob = {
  payoutId: string;
  /** Follow-up checks made so far (0: the first run). */
  check?: number;
  /** The payout's job chain this job belongs to (0: the one its request started). */
  chain?: number;
};

/** The first follow-up after 30 s, doubling up to an hour between checks. */
const checkDelayMs = (check: number) => Math.min(30_000 * 2 ** Math.min(check, 7), 60 * 60_000);

/**
 * The payout job, idempotent by payout: a requested payout is sent to the provider (which keys
 * it by our payout id, so a second run makes no second payout); a processing one is looked up.
 * The bank details are opened in memory for the call only, and never logged.
 */
export async function sendPayout(ctx: AppContext, { payoutId, check = 0, chain = 0 }: PayoutJob): Promise<void> {
  const payout = await repo.findPayout(ctx.db, payoutId);
  // A later start-up took the payout up with a new chain of jobs: this one's is over.
  if (!payout || payout.jobChain !== chain) return;
  if (payout.status === 'requested') {
    const sealed = await repo.findBankDetails(ctx.db, payout.influencerId);
    const influencer = await repo.findInfluencer(ctx.db, payout.influencerId);
    const state: PayoutState = sealed
      ? await ctx.payouts.createPayout({
          payoutId,
          amountMinor: payout.amountMinor,
          currency: payout.currency,
          payee: { id: payout.influencerId, email: influencer?.email ?? null },
          destination: destinationOf(bankDetailsPayload.parse(JSON.parse(open(ctx.config.bankDetailsKey, sealed.sealed, payout.influencerId)))),
        })
      : { state: 'failed', providerPayoutId: null, reason: 'There were no bank details to pay into.' };
    await settle(ctx, payout, state, check);
  } else if (payout.status === 'processing' && payout.providerPayoutId) {
    await settle(ctx, payout, await ctx.payouts.fetchPayout(payout.providerPayoutId), check);
  }
}

function destinationOf(details: Parsed): PayoutDestination {
  return details.kind === 'IN'
    ? { kind: 'IN', accountHolder: details.accountHolder, accountNumber: details.accountNumber, ifsc: details.ifsc }
    : { kind: 'INTL', accountHolder: details.accountHolder, iban: details.iban, swift: details.swift };
}

type PayoutRow = NonNullable<Awaited<ReturnType<typeof repo.findPayout>>>;

/** Where the bell sends the affiliate: the payout history, beside the bank details. */
const PAYOUTS_PATH = '/affiliate/payouts';

const paidNotice = (payout: PayoutRow, reference: string): NewNotification => ({
  kind: 'affiliate_payout_paid',
  title: 'Your payout is paid',
  body: `${formatMoney({ amountMinor: payout.amountMinor, currency: payout.currency })} was paid into your account ending ${payout.accountLast4}. Bank reference: ${reference}.`,
  link: PAYOUTS_PATH,
});

/** The provider's reason as a sentence, then what the affiliate does about it. */
const failedNotice = (payout: PayoutRow, reason: string): NewNotification => {
  const why = /[.!?]$/.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`;
  return {
    kind: 'affiliate_payout_failed',
    title: 'Your payout did not go through',
    body: `${formatMoney({ amountMinor: payout.amountMinor, currency: payout.currency })} to your account ending ${payout.accountLast4} was not paid: ${why} The amount is back in your balance. Check your bank details, then ask for the payout again.`,
    link: PAYOUTS_PATH,
  };
};

async function settle(ctx: AppContext, payout: PayoutRow, state: PayoutState, check: number): Promise<void> {
  if (state.state === 'paid') {
    // Only the run that marks it paid tells the affiliate, so a repeated check says nothing twice.
    const told = await ctx.db.transaction(async (tx) =>
      (await repo.markPayoutPaid(tx, payout.id, state, ctx.now())) ? [await notify(tx, payout.influencerId, paidNotice(payout, state.reference))] : [],
    );
    pushNotifications(ctx, told);
    return;
  }
  if (state.state === 'failed') {
    await failPayout(ctx, payout, state);
    return;
  }
  // Still processing: ask again later. The first run follows up only when it moved the payout
  // to processing, so a job that ran twice does not start two chains of checks.
  const moved = payout.status === 'requested' ? await repo.markPayoutProcessing(ctx.db, payout.id, state.providerPayoutId) : true;
  if (!moved) return;
  const next = payout.status === 'requested' ? 0 : check + 1;
  await ctx.jobs.send<PayoutJob>(AFFILIATE_PAYOUT_JOB, { payoutId: payout.id, check: next, chain: payout.jobChain }, { startAfter: new Date(ctx.now().getTime() + checkDelayMs(next)) });
}

/** requested/processing → failed, and the amount back in the balance: one ledger entry, whoever runs it. */
async function failPayout(ctx: AppContext, payout: PayoutRow, failed: { providerPayoutId: string | null; reason: string }): Promise<void> {
  const told = await ctx.db.transaction(async (tx) => {
    const balance = await repo.createAndLockBalance(tx, payout.influencerId, payout.currency);
    const row = await repo.markPayoutFailed(tx, payout.id, failed);
    const sourceKey = `payout_returned:${payout.id}`;
    if (!row || (await repo.hasLedgerEntry(tx, sourceKey))) return [];
    await repo.insertLedgerEntryAndSetBalance(tx, {
      influencerId: payout.influencerId,
      kind: 'payout_returned',
      amountMinor: row.amountMinor,
      currency: row.currency,
      closingBalanceMinor: balance.balanceMinor + row.amountMinor,
      payoutId: row.id,
      sourceKey,
    });
    // Told with the amount's return, which happens once per payout.
    return [await notify(tx, payout.influencerId, failedNotice(payout, failed.reason))];
  });
  pushNotifications(ctx, told);
}

export async function registerAffiliatePayoutJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<PayoutJob>(AFFILIATE_PAYOUT_JOB, (job) => sendPayout(ctx, job), { retryLimit: 10, retryDelaySeconds: 30, retryBackoff: true });
  // Payouts whose job gave up (the provider unreachable through every retry) are taken up again
  // at start, in a new chain of jobs that ends any chain still queued (so restarts never add
  // chains); the provider's idempotency key and the conditional updates make a repeat harmless.
  for (const { id, jobChain } of await repo.restartOpenPayoutChains(ctx.db)) {
    await ctx.jobs.send<PayoutJob>(AFFILIATE_PAYOUT_JOB, { payoutId: id, chain: jobChain });
  }
}
